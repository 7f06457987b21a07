export { muteQueries, useUnmute } from './api/mutes.js';
export { MuteButton } from './components/MuteButton.js';
export { MuteMenu } from './components/MuteMenu.js';
