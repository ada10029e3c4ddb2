import { describe, expect, it } from 'vitest'
import { deferred } from '@test/support/renderer/deferred'
import { useLoader } from './use-loader'

describe('useLoader', () => {
  it('keeps only the answer to the latest question', async () => {
    const slow = deferred<string>()
    const loader = useLoader((id: string) => (id === 'old' ? slow.promise : Promise.resolve(`answer to ${id}`)))
    const first = loader.load('old')
    await loader.load('new')
    slow.resolve('answer to old')
    await first
    expect(loader.data.value).toBe('answer to new')
    expect(loader.loading.value).toBe(false)
  })

  it('joins an answer with what is held through merge', async () => {
    const loader = useLoader(
      () => Promise.resolve([3, 4]),
      (held, answer) => [...(held ?? []), ...answer],
    )
    loader.data.value = [1, 2]
    await loader.load()
    expect(loader.data.value).toEqual([1, 2, 3, 4])
  })

  it('ensureLoaded asks once; retry repeats the last question', async () => {
    const asked: string[] = []
    const loader = useLoader((id: string) => {
      asked.push(id)
      return Promise.resolve(id)
    })
    await loader.retry()
    expect(asked).toEqual([])
    await loader.ensureLoaded('a')
    await loader.ensureLoaded('b')
    expect(asked).toEqual(['a'])
    await loader.retry()
    expect(asked).toEqual(['a', 'a'])
  })

  it('restart forgets what is held and asks again, but only once something was asked', async () => {
    const answer = deferred<number>()
    const loader = useLoader(() => answer.promise)
    await loader.restart()
    expect(loader.loading.value).toBe(false)
    expect(loader.data.value).toBeNull()
    void loader.load()
    loader.data.value = 1
    const restarted = loader.restart()
    expect(loader.data.value).toBeNull()
    expect(loader.loading.value).toBe(true)
    answer.resolve(2)
    await restarted
    expect(loader.data.value).toBe(2)
  })

  it('holds a failure as ErrorInfo until the next load', async () => {
    let fail = true
    const loader = useLoader(() => (fail ? Promise.reject(new Error('broken')) : Promise.resolve(1)))
    await loader.load()
    expect(loader.error.value).toEqual({ code: 'INTERNAL', message: 'broken' })
    fail = false
    await loader.retry()
    expect(loader.error.value).toBeNull()
    expect(loader.data.value).toBe(1)
  })
})
