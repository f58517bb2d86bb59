import { NAVBAR_HIDDEN_PATHS } from '@insightra/contract/public';
import { Outlet, useLocation } from 'react-router';
import { ToastContainer } from '../components/ui/toast/toast-container';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { ScrollToTop } from './scroll-to-top';

/** Every page: scroll reset, the navigation bar (except on the member screens), footer and toasts. */
export function RootLayout() {
  const { pathname } = useLocation();
  const showNavbar = !NAVBAR_HIDDEN_PATHS.includes(pathname);
  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollToTop />
      {showNavbar && <Navbar />}
      <main id="main" className="flex flex-1 flex-col">
        <Outlet />
      </main>
      <Footer />
      <ToastContainer />
    </div>
  );
}
