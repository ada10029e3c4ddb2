import { defineComponent, h, type PropType } from 'vue'
import type { SeriesPoint } from '@shared/domain'

/** Stands in for SeriesChart.vue so unit tests never load Chart.js. */
export const SeriesChartStub = defineComponent({
  name: 'SeriesChart',
  props: {
    points: { type: Array as PropType<readonly SeriesPoint[]>, required: true },
    period: { type: String, required: true },
  },
  setup(props) {
    return () => h('canvas', { 'data-testid': 'series-chart', 'data-points': props.points.length, 'data-period': props.period })
  },
})
