import 'reflect-metadata';
import { runTask } from '../../bootstrap/app-context';
import { ProjectionRebuilder } from './projection-rebuilder';

/** `npm run projections:rebuild`: replays every event into fresh read tables. */
runTask((app) => app.get(ProjectionRebuilder).rebuild()).catch((error) => {
  console.error(error);
  process.exit(1);
});
