/**
 * Every address of the web app (SPEC §2), typed, in one place (as bulletproof-react's `config/paths.ts`):
 * the router declares its routes from these, and links and redirects use them, so renaming a screen's
 * address is one edit the compiler follows.
 */
export const paths = {
  home: '/',
  main: '/main',
  login: '/login',
  register: '/register',
  socialSignUp: '/social-sign-up',
  socialSignedIn: '/social-signed-in',
  passwordRecovery: '/passrecovery',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  unsubscribe: '/unsubscribe',
  logout: '/logout',
  dashboard: '/dashboard',
  selectCourse: '/select-course',
  selectProgram: '/select-program',
  selectLevel: '/select-level',
  selectReminders: '/select-reminders',
  exercise: '/exercise',
  exercisePreview: '/exercise/:id',
  endLesson: '/endlesson',
  limit: '/limit',
  successful: '/successful',
  unsuccessful: '/unsuccessful',
  offer: '/offer',
  practice: '/practice',
  words: '/words',
  settingsGeneral: '/settings/general',
  terms: '/terms',
  privacy: '/privacy',
  contacts: '/contacts',
  test: '/test',
  loader: '/loader',
  testAd: '/test-ad',
  mobile: '/mobile.html',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** `/reset-password?token=…`: the address a mailed token opens. */
export function withToken(path: typeof paths.resetPassword, token: string): string {
  return `${path}?token=${encodeURIComponent(token)}`;
}
