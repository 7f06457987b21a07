import type { ThemeLayout } from '@shiju/contract';
import { Button, Form, Input, Space, Switch } from 'antd';
import { CoverUpload } from '../../../essays/index.js';
import { useSiteTheme } from '../../../../hooks/useSiteTheme.js';
import { themeStore } from '../../../../lib/theme.js';
import { toastSuccess } from '../../../../api/index.js';
import { useAdminUpdateTheme } from '../../api/admin.js';
import '../../../../styles/essay.css';

interface Values {
  color: string;
  activeMenu: string;
  backgroundImg: string | null;
  grey: boolean;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const SWATCHES = ['#8c3b2f', '#2f5d8c', '#3b7a57', '#6b4f9e', '#b8860b', '#333333'];

/**
 * The browser's colour picker, the hex code and a few house colours. antd's ColorPicker would do, but its code
 * sits behind the antd barrel the shell imports, and using it here would move it into the reader's first load.
 */
function ColorField({ value = '', onChange, label }: { value?: string; onChange?: (v: string) => void; label: string }) {
  return (
    <Space wrap>
      <input
        type="color"
        className="color-field__picker"
        aria-label={`${label}取色`}
        value={HEX.test(value) ? value : '#000000'}
        onChange={(e) => onChange?.(e.target.value)}
      />
      <Input aria-label={label} value={value} maxLength={7} style={{ width: 110 }} onChange={(e) => onChange?.(e.target.value.trim())} />
      {SWATCHES.map((c) => (
        <button
          key={c}
          type="button"
          className="color-field__swatch"
          style={{ background: c }}
          aria-label={`使用 ${c}`}
          onClick={() => onChange?.(c)}
        />
      ))}
    </Space>
  );
}

/** A miniature of the site with the chosen look: header, menu with the active item, a quote card. */
function Preview({ v }: { v: Values }) {
  return (
    <div
      className="theme-preview"
      aria-label="主题预览"
      style={{
        filter: v.grey ? 'grayscale(1)' : undefined,
        backgroundImage: v.backgroundImg
          ? `linear-gradient(rgba(250, 248, 243, 0.86), rgba(250, 248, 243, 0.86)), url("${v.backgroundImg}")`
          : undefined,
      }}
    >
      <div className="theme-preview__header">
        <span className="theme-preview__seal" style={{ background: v.color }}>
          拾
        </span>
        <span className="theme-preview__menu" style={{ color: v.activeMenu, borderColor: v.activeMenu }}>
          首页
        </span>
        <span className="theme-preview__menu">分类</span>
        <span className="theme-preview__menu">排行榜</span>
        <span className="theme-preview__button" style={{ background: v.color }}>
          写句子
        </span>
      </div>
      <div className="theme-preview__card serif">
        <p>人生若只如初见，何事秋风悲画扇。</p>
        <p className="theme-preview__source">—— 纳兰性德《木兰花·拟古决绝词柬友》</p>
        <span className="theme-preview__link" style={{ color: v.color }}>
          阅读全文 →
        </span>
      </div>
    </div>
  );
}

/** 主题: the site's accent and menu colours, background picture and grey mode, previewed before saving. */
export default function Theme() {
  const current = useSiteTheme();
  const [form] = Form.useForm<Values>();
  const update = useAdminUpdateTheme({
    onSuccess: (saved) => {
      toastSuccess('主题已保存，访客下次打开页面即生效');
      // This tab shows the new look at once; everyone else gets it from the theme call on their next load.
      themeStore.setFromLayout(JSON.stringify(saved));
    },
  });
  const initial: Values = {
    color: current.color,
    activeMenu: current.activeMenu,
    backgroundImg: current.backgroundImg || null,
    grey: current.grey === 1,
  };
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;
  const live: Values = { ...initial, ...watched };

  const save = (v: Values) => {
    const body: ThemeLayout = { color: v.color, activeMenu: v.activeMenu, backgroundImg: v.backgroundImg ?? '', grey: v.grey ? 1 : 0 };
    update.mutate({ body });
  };

  const colorRules = [
    { required: true, message: '请选择颜色' },
    { pattern: HEX, message: '请填写 #RRGGBB 格式的颜色' },
  ];

  return (
    <div className="theme-editor">
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={save} className="admin-panel">
        <Form.Item name="color" label="主色（按钮、链接、标志）" rules={colorRules}>
          <ColorField label="主色" />
        </Form.Item>
        <Form.Item name="activeMenu" label="当前菜单颜色" rules={colorRules}>
          <ColorField label="当前菜单颜色" />
        </Form.Item>
        <Form.Item name="backgroundImg" label="背景图（选填，铺在页面底层并淡化）">
          <CoverUpload noun="背景图" />
        </Form.Item>
        <Form.Item name="grey" label="全站灰色模式" valuePropName="checked" extra="用于哀悼日等场合：整站变为黑白。">
          <Switch checkedChildren="开" unCheckedChildren="关" aria-label="全站灰色模式" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          保存主题
        </Button>
      </Form>
      <div>
        <div className="admin-muted" style={{ marginBottom: 8 }}>
          实时预览
        </div>
        <Preview v={live} />
      </div>
    </div>
  );
}
