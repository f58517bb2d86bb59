// The server from the sources (`npm run dev`, the process tests): the build starts it through start.ts.
import { startServer } from './main';

startServer();
