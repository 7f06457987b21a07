import { useState } from 'react';
import type { ReadingPrefs } from '@shiju/contract/core';
import { Button } from '../../../components/ui/Button.js';
import { Drawer } from '../../../components/ui/Drawer.js';
import { Icon } from '../../../components/ui/Icon.js';
import { FontSizeOutlined } from '../../../components/ui/icons.js';
import { Segmented } from '../../../components/ui/Segmented.js';
import { useReadingPrefs } from './prefs.js';
import { useChangePrefs } from './useChangePrefs.js';

const FONT_SIZES = [
  { value: '0', label: '小' },
  { value: '1', label: '较小' },
  { value: '2', label: '标准' },
  { value: '3', label: '较大' },
  { value: '4', label: '特大' },
] as const;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="reading-settings__row">
      <span className="reading-settings__label">{label}</span>
      {children}
    </div>
  );
}

/** Every reading preference in one panel (theme, type, 繁體, 拼音, 竖排). */
export function ReadingSettingsPanel() {
  const prefs = useReadingPrefs();
  const change = useChangePrefs();
  const onOff = (key: 'pinyin' | 'vertical', label: string) => (
    <Segmented
      aria-label={label}
      options={[
        { value: 'off', label: '关' },
        { value: 'on', label: '开' },
      ]}
      value={prefs[key] ? 'on' : 'off'}
      onChange={(v) => change({ [key]: v === 'on' })}
    />
  );
  return (
    <div className="reading-settings">
      <Row label="外观">
        <Segmented
          aria-label="外观"
          options={[
            { value: 'system', label: '跟随系统' },
            { value: 'light', label: '浅色' },
            { value: 'dark', label: '深色' },
          ]}
          value={prefs.theme}
          onChange={(theme) => change({ theme })}
        />
      </Row>
      <Row label="字号">
        <Segmented
          aria-label="字号"
          options={[...FONT_SIZES]}
          value={String(prefs.fontSize) as (typeof FONT_SIZES)[number]['value']}
          onChange={(v) => change({ fontSize: Number(v) as ReadingPrefs['fontSize'] })}
        />
      </Row>
      <Row label="行距">
        <Segmented
          aria-label="行距"
          options={[
            { value: 'compact', label: '紧凑' },
            { value: 'normal', label: '标准' },
            { value: 'loose', label: '宽松' },
          ]}
          value={prefs.lineHeight}
          onChange={(lineHeight) => change({ lineHeight })}
        />
      </Row>
      <Row label="字体">
        <Segmented
          aria-label="字体"
          options={[
            { value: 'serif', label: '宋体' },
            { value: 'sans', label: '黑体' },
          ]}
          value={prefs.font}
          onChange={(font) => change({ font })}
        />
      </Row>
      <Row label="简繁">
        {/* Each choice named in its own script, left as it is by the page's converter (zh.ts). */}
        <div data-zh-keep="">
          <Segmented
            aria-label="简繁"
            options={[
              { value: 'hans', label: '简体' },
              { value: 'tw', label: '繁體·臺灣' },
              { value: 'hk', label: '繁體·香港' },
            ]}
            value={prefs.zh}
            onChange={(zh) => change({ zh })}
          />
        </div>
      </Row>
      <Row label="拼音">{onOff('pinyin', '拼音')}</Row>
      <Row label="竖排">{onOff('vertical', '竖排')}</Row>
      <p className="reading-settings__note muted">
        竖排用于 400 字以内的短文。{prefs.theme === 'system' ? '外观随系统的深浅色切换。' : ''}
      </p>
    </div>
  );
}

/** The button that opens the reading settings (the header, a text's toolbar), with its drawer. */
export function ReadingSettingsButton({ className, withLabel = false }: { className?: string; withLabel?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="text"
        className={className ? `reading-settings-button ${className}` : 'reading-settings-button'}
        icon={<Icon icon={FontSizeOutlined} />}
        aria-label={withLabel ? undefined : '阅读设置'}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {withLabel ? '阅读设置' : null}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} className="reading-drawer" label="阅读设置" head={<strong>阅读设置</strong>}>
        <ReadingSettingsPanel />
      </Drawer>
    </>
  );
}
