export { peopleQueries, useBlock, useFollow } from './api/people.js';
export { ProfileCard, ProfileCardSkeleton, type ProfileStat } from './components/ProfileCard.js';
export { ReactedList } from './components/ReactedList.js';
export { ReactedPage } from './components/ReactedPage.js';
export { RelationList } from './components/RelationList.js';
export { UserRow } from './components/UserRow.js';
export { askSignIn } from './components/askSignIn.js';
