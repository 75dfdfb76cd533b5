import { BarController, BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js'
import { Chart } from 'react-chartjs-2'

ChartJS.register(BarController, LineController, CategoryScale, LinearScale, BarElement, LineElement, PointElement, Tooltip, Legend)

const palette = ['#cf3f37', '#f5a623', '#198754', '#0d6efd', '#6f42c1', '#20c997']

export interface ChartSeries {
  label: string
  values: number[]
}

/**
 * One chart of the dashboard (chart.js through react-chartjs-2, decision record 019). Loaded in the browser only;
 * the canvas is an image with a summary as its name, and the page shows the same figures as a table.
 */
export default function DashboardChart({ type, labels, series, summary }: { type: 'bar' | 'line'; labels: string[]; series: ChartSeries[]; summary: string }) {
  return (
    <Chart
      type={type}
      role="img"
      aria-label={summary}
      data={{
        labels,
        datasets: series.map((s, i) => ({
          label: s.label,
          data: s.values,
          backgroundColor: palette[i % palette.length],
          borderColor: palette[i % palette.length],
          tension: 0.2,
          pointRadius: labels.length > 60 ? 0 : 2,
        })),
      }}
      options={{
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { display: series.length > 1 } },
      }}
    />
  )
}
