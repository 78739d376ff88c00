import 'reflect-metadata';
import { runTask } from '../bootstrap';
import { ProjectionRebuilder, RebuildProgress } from '../platform/projections/projection-rebuilder';

/** On a terminal one line rewritten in place; in a log a line at most each second. */
function progressPrinter(): (progress: RebuildProgress) => void {
  let printedAt = 0;
  return ({ done, total, eventsPerSecond }) => {
    const last = done >= total;
    if (!last && Date.now() - printedAt < 1000) return;
    printedAt = Date.now();
    const percent = total ? Math.floor((done / total) * 100) : 100;
    const line = `Rebuilding projections: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} events (${percent}%), ${eventsPerSecond.toLocaleString('en')} events/s`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}\x1b[K${last ? '\n' : ''}`);
    else process.stderr.write(`${line}\n`);
  };
}

/** `npm run projections:rebuild`: replays every event into fresh read tables, its progress on stderr (stdout keeps the one JSON line). */
runTask((app) => app.get(ProjectionRebuilder).rebuild(progressPrinter())).catch((error) => {
  console.error(error);
  process.exit(1);
});
