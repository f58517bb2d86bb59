import { STORAGE_KEYS } from '@insightra/contract/public';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot, loadMatchedPages } from './app/app-root';
import { replayPendingInteractions } from './app/pending-interactions';
import { createRouter } from './app/router';
import { storage } from './lib/storage';
import './styles/index.css';

const container = document.getElementById('root')!;
// A page the build rendered ahead (decision 120): its markup is the app's first render for a visitor
// without a session, so React takes it over in place; with a session the header differs, so it renders anew.
const prerendered = 'prerendered' in document.documentElement.dataset && container.hasChildNodes();

function start() {
  const app = (
    <AppRoot router={createRouter()} onCommit={() => prerendered && replayPendingInteractions(container)} />
  );
  if (prerendered && !storage.get(STORAGE_KEYS.token)) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

// Not a top-level await: that makes the bundler split the first load into many more chunks.
if (prerendered) void loadMatchedPages(window.location).then(start);
else start();
