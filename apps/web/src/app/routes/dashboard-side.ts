// The dashboard's side column cards from other features, loaded after its greeting (dashboard-route.tsx).
export { BannerFrame } from '../../features/ads/components/banner-frame.tsx';
export { PracticeCard } from '../../features/review/components/practice-card.tsx';
