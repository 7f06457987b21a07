import { ClassificationChips } from '../../../classifications/index.js';
import { RandomSentenceCard } from '../../../essays/index.js';
import { Section } from '../../../../components/Section.js';
import { FeaturedWeek } from './FeaturedWeek.js';
import { Feed } from './Feed.js';
import { Hero } from './Hero.js';
import { SidebarAds } from './SidebarAds.js';
import { SidebarAnnouncements } from './SidebarAnnouncements.js';
import { SidebarRanking } from './SidebarRanking.js';

export default function Home() {
  return (
    <div className="page page--wide">
      <Hero />
      <div className="with-sidebar">
        <div className="with-sidebar__main">
          <FeaturedWeek />
          <Section title="分类">
            <ClassificationChips hideEmpty />
          </Section>
          <Feed />
        </div>
        <aside className="with-sidebar__side">
          <RandomSentenceCard className="side-box panel" />
          <SidebarRanking />
          <SidebarAnnouncements />
          <SidebarAds />
        </aside>
      </div>
    </div>
  );
}
