import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { RevenueDay } from './sales';

// Only the parts a bar chart uses, so the chunk stays small (Chart.js is tree-shaken by what is registered).
ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

const theme = (name: string, fallback: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
const dayLabel = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Revenue per day as bars, in the shop's colours and face; the table under it says the same to a screen reader. */
export default function RevenueChart({ days }: { days: RevenueDay[] }) {
  const text = theme('--dc-text-muted', '#b8afa2');
  const grid = theme('--dc-border', '#3b3045');
  const font = { family: theme('--dc-font-body', 'serif') };
  return (
    <figure className="chart-box" data-testid="revenue-chart">
      <Bar
        aria-hidden="true"
        data={{
          labels: days.map((d) => dayLabel(d.date)),
          datasets: [
            { label: 'Revenue', data: days.map((d) => Number(d.revenue)), backgroundColor: theme('--dc-accent', '#a4161a'), hoverBackgroundColor: theme('--dc-accent-hover', '#c8202a') },
          ],
        }}
        options={{
          maintainAspectRatio: false,
          animation: false,
          plugins: {
            tooltip: { callbacks: { label: (item) => `$${days[item.dataIndex]!.revenue} · ${days[item.dataIndex]!.orders} orders` } },
          },
          scales: {
            x: { ticks: { color: text, font, maxRotation: 0, autoSkipPadding: 12 }, grid: { display: false } },
            y: { beginAtZero: true, ticks: { color: text, font, callback: (v) => `$${v}` }, grid: { color: grid } },
          },
        }}
      />
      <table className="visually-hidden">
        <caption>Revenue per day</caption>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.date}</th>
              <td>${d.revenue}</td>
              <td>{d.orders} orders</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
