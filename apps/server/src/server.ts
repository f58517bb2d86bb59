// The server from the sources (`npm run dev`, the process tests): the build starts it through start.ts.
import { loadEnvFile } from './lib/env-file';
import { startServer } from './main';

loadEnvFile();
startServer();
