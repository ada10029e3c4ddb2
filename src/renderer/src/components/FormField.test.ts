import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import FormField from './FormField.vue'

function field(problem: string | null) {
  return mount(FormField, {
    props: { label: 'HTTP URL', hint: 'required', problem, problemId: 'url-problem' },
    slots: { default: `<template #default="{ aria }"><input v-bind="aria" /></template>` },
  })
}

describe('FormField', () => {
  it('names the field, with its hint, around the control', () => {
    const wrapper = field(null)
    expect(wrapper.get('label .field-name').text()).toBe('HTTP URL (required)')
    expect(wrapper.find('label input').exists()).toBe(true)
  })

  it('shows a problem under the control and ties it to the control for screen readers', () => {
    const input = field('Must start with https://').get('input')
    expect(input.attributes('aria-invalid')).toBe('true')
    expect(input.attributes('aria-describedby')).toBe('url-problem')
    const problem = field('Must start with https://').get('#url-problem')
    expect(problem.text()).toBe('Must start with https://')
  })

  it('says nothing, and describes nothing, while there is no problem', () => {
    const wrapper = field(null)
    expect(wrapper.get('input').attributes('aria-invalid')).toBe('false')
    expect(wrapper.get('input').attributes('aria-describedby')).toBeUndefined()
    expect(wrapper.find('#url-problem').exists()).toBe(false)
  })
})
