import { Chart, Filler, LineController, LineElement, LinearScale, PointElement, Tooltip } from 'chart.js'

// Only what a line chart on linear axes needs; the time scale would need a date adapter.
Chart.register(LineController, LineElement, PointElement, LinearScale, Filler, Tooltip)

export { Chart }
