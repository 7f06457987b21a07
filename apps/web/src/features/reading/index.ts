export { ReadingPrefsSync } from './components/ReadingPrefsSync.js';
export { ReadingSettingsButton } from './components/ReadingSettings.js';
export { ReadingSurface } from './components/ReadingSurface.js';
export { startReading } from './components/apply.js';
export { useShownEssay } from './components/original.js';
export { type RubyChar, loadAnnotator } from './components/pinyin.js';
export { loadToSimplified } from './components/zh.js';
export { withServerZh } from './components/prefs.js';
