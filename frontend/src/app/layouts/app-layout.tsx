import { NavBar } from './nav-bar/nav-bar';
import { SiteFrame } from './site-frame';

/** Frame of the signed-in screens: navigation bar, the screen, the footer. */
export function AppLayout() {
  return <SiteFrame header={<NavBar />} />;
}
