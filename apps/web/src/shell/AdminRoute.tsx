import { useSession } from '../hooks/useSession.js';
import { lazyPage } from './lazyPage.js';

/**
 * The console's code is fetched only for admins (docs/rules.md#console-and-audit) and readers granted 注释编辑 (who see only its 注释
 * section); everyone else gets the ordinary 404 page.
 */
const Console = lazyPage(() => import('../features/admin/pages/Admin/index.js'));
const NotFound = lazyPage(() => import('../features/site/pages/NotFound/index.js'), { light: true });

export function AdminRoute() {
  const user = useSession();
  return user?.role === 'admin' || user?.noteEditor ? <Console /> : <NotFound />;
}
