import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js'

// Only what a bar chart of one bar per day needs (a category axis of day names, a linear count axis).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip)

export { Chart }
