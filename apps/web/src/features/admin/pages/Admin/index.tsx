import { Grid, Menu, Skeleton } from 'antd';
import { Suspense } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../../hooks/useSession.js';
import { SECTIONS } from './sections.js';
import './admin.css';

/**
 * /admin/<section>: the editor's console (docs/rules.md#console-and-audit). A side menu of sections, each loaded on demand; the
 * route guard in the shell already turned away everyone but admins.
 */
export default function AdminConsole() {
  const navigate = useNavigate();
  // Phones get the sections as one scrolling row above the work area instead of a column beside it.
  const wide = Grid.useBreakpoint().md ?? true;
  const key = (useParams()['*'] ?? '').split('/')[0];
  const admin = useSession()?.role === 'admin';
  const sections = admin ? SECTIONS : SECTIONS.filter((s) => s.forNoteEditors);
  const section = sections.find((s) => s.key === key);
  if (!section) return <Navigate to={`/admin/${sections[0]!.key}`} replace />;
  const { Component } = section;

  return (
    // Plain elements rather than antd's Layout.Sider: the shell's dropdown already pulls in the module that
    // holds Sider, and using it here would move its whole code into the reader's first load.
    <div className="admin">
      <nav className="admin__side" aria-label="管理后台菜单">
        <div className="admin__brand">管理后台</div>
        <Menu
          mode={wide ? 'inline' : 'horizontal'}
          selectedKeys={[section.key]}
          items={sections.map((s) => ({ key: s.key, icon: s.icon, label: s.label }))}
          onClick={({ key: next }) => void navigate(`/admin/${next}`)}
        />
      </nav>
      <section className="admin__main">
        <h1 className="admin__title">{section.label}</h1>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
          <Component key={section.key} />
        </Suspense>
      </section>
    </div>
  );
}
