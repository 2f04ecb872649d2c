import { Icon, type IconProps } from './icons.tsx';

// The icons no first screen (the landing, login) draws, apart from icons.tsx so a guest's first download
// carries only the ones it shows (issue 15's first-visit budget).

export const ArrowBackIcon = (props: IconProps) => (
  <Icon className="icon-flip-rtl" {...props}>
    <path d="M19 12H5M11 18l-6-6 6-6" />
  </Icon>
);

export const ArrowForwardIcon = (props: IconProps) => (
  <Icon className="icon-flip-rtl" {...props}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);

export const BellIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Z" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
  </Icon>
);

export const MailIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m4 7 8 6 8-6" />
  </Icon>
);

export const CloseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

export const LogOutIcon = (props: IconProps) => (
  <Icon className="icon-flip-rtl" {...props}>
    <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M10 16l-4-4 4-4M6 12h10" />
  </Icon>
);

export const UserIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20a8 8 0 0 1 16 0" />
  </Icon>
);

export const CameraIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 8h3l2-3h6l2 3h3v11H4V8Z" />
    <circle cx="12" cy="13" r="3.5" />
  </Icon>
);

export const MinusIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 12h14" />
  </Icon>
);

export const PlusIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const CardIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 10h18M7 15h4" />
  </Icon>
);

export const ClockIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);

export const BookIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2V5Z" />
    <path d="M4 19a2 2 0 0 1 2-2h13" />
  </Icon>
);

// The phrase player's buttons (features/player audio-button.tsx); the loudspeaker faces the reading direction.

export const SpeakerIcon = (props: IconProps) => (
  <Icon className="icon-flip-rtl" {...props}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4v-5Z" fill="currentColor" />
    <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
  </Icon>
);

export const SpeakerOffIcon = (props: IconProps) => (
  <Icon className="icon-flip-rtl" {...props}>
    <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4v-5Z" />
    <path d="m16 10 4 4M20 10l-4 4" />
  </Icon>
);

// A tortoise: the slow button, understood without words in every language.

export const TurtleIcon = (props: IconProps) => (
  <Icon className="icon-flip-rtl" {...props}>
    <path d="M3 15.5h14a5.5 5.5 0 0 0-11 0" />
    <path d="M17 15.5h2.5a2 2 0 0 0 0-4H18" />
    <path d="M6.5 15.5 5.5 18.5M14.5 15.5l1 3" />
    <path d="M9 10.5l2.5 5M14 10.5l-2.5 5" />
  </Icon>
);
