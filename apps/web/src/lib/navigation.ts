/**
 * Lets code outside React (the request layer) navigate with the app's router instead of reloading the page.
 * main.tsx plugs the router in; until then a plain location change does the job.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigator(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  navigateImpl(to, opts);
}

/** Where the sign-in page should send the user back to. */
export function signInPath(redirect: string = window.location.pathname + window.location.search): string {
  const back = redirect.startsWith('/authentication') ? '/home' : redirect;
  return `/authentication?redirect=${encodeURIComponent(back)}`;
}
