import {
  AuditOutlined,
  BarChartOutlined,
  BranchesOutlined,
  BgColorsOutlined,
  CopyOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  FlagOutlined,
  NotificationOutlined,
  PictureOutlined,
  ShoppingOutlined,
  StarOutlined,
  TagsOutlined,
  TeamOutlined,
  ReadOutlined,
  EditOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

export interface AdminSection {
  /** The path segment: /admin/<key>. */
  key: string;
  label: string;
  icon: ReactNode;
  /** Each section is its own chunk: the charts and the rich-text editor load only where they are used. */
  Component: LazyExoticComponent<ComponentType>;
  /** Open to readers granted 注释编辑 too (the others are for editors only). */
  forNoteEditors?: boolean;
}

/** The console's menu, in the order of docs/rules.md#console-and-audit. */
export const SECTIONS: readonly AdminSection[] = [
  { key: 'dashboard', label: '概览', icon: <BarChartOutlined />, Component: lazy(() => import('./Dashboard/index.js')) },
  { key: 'review', label: '审核', icon: <FileSearchOutlined />, Component: lazy(() => import('./Review.js')) },
  { key: 'notes', label: '注释', icon: <ReadOutlined />, Component: lazy(() => import('./Notes.js')), forNoteEditors: true },
  { key: 'attributions', label: '考证', icon: <SafetyCertificateOutlined />, Component: lazy(() => import('./Attributions.js')) },
  { key: 'duplicates', label: '重复', icon: <CopyOutlined />, Component: lazy(() => import('./Duplicates.js')) },
  { key: 'conflicts', label: '署名冲突', icon: <BranchesOutlined />, Component: lazy(() => import('./Conflicts.js')) },
  { key: 'reports', label: '举报', icon: <FlagOutlined />, Component: lazy(() => import('./Reports.js')) },
  { key: 'content', label: '内容', icon: <FileTextOutlined />, Component: lazy(() => import('./Content.js')) },
  { key: 'collections', label: '收藏夹', icon: <FolderOpenOutlined />, Component: lazy(() => import('./Collections.js')) },
  { key: 'taxonomy', label: '分类与标签', icon: <TagsOutlined />, Component: lazy(() => import('./Taxonomy.js')) },
  { key: 'announcements', label: '公告', icon: <NotificationOutlined />, Component: lazy(() => import('./Announcements.js')) },
  { key: 'ads', label: '广告', icon: <PictureOutlined />, Component: lazy(() => import('./Ads.js')) },
  { key: 'theme', label: '主题', icon: <BgColorsOutlined />, Component: lazy(() => import('./Theme.js')) },
  { key: 'bestWeek', label: '每周精选', icon: <StarOutlined />, Component: lazy(() => import('./BestWeek.js')) },
  { key: 'challenges', label: '每周仿写', icon: <EditOutlined />, Component: lazy(() => import('./Challenges.js')) },
  { key: 'orders', label: '订单', icon: <ShoppingOutlined />, Component: lazy(() => import('./Orders.js')) },
  { key: 'users', label: '用户', icon: <TeamOutlined />, Component: lazy(() => import('./Users.js')) },
  { key: 'audit', label: '操作日志', icon: <AuditOutlined />, Component: lazy(() => import('./Audit.js')) },
];
