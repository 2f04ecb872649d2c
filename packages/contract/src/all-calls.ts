import * as accounts from './accounts.ts';
import * as ads from './ads.ts';
import * as billing from './billing.ts';
import type { ApiCall } from './call.ts';
import * as catalogue from './catalogue.ts';
import * as feedback from './feedback.ts';
import * as health from './health.ts';
import * as learning from './learning.ts';
import * as media from './media.ts';
import * as notifications from './notifications.ts';
import * as leaderboard from './leaderboard.ts';
import * as review from './review.ts';
import * as social from './social.ts';

/**
 * Every call of the API, for the tests that must cover them all (the fuzz suite, the route check). The
 * server and the web app import the call they need from its module instead.
 */
export const allCalls: readonly ApiCall[] = [
  accounts.register,
  accounts.login,
  accounts.logout,
  accounts.requestPasswordReset,
  accounts.confirmPasswordReset,
  accounts.sendEmailVerification,
  accounts.confirmEmailVerification,
  accounts.changePassword,
  accounts.me,
  accounts.session,
  accounts.getUser,
  accounts.updateUser,
  accounts.replaceSettings,
  accounts.uploadAvatar,
  accounts.avatar,
  catalogue.languages,
  catalogue.catalogueOutline,
  catalogue.courses,
  catalogue.lessonExercises,
  catalogue.lessonToPlay,
  catalogue.blitzExercisesOfLessons,
  catalogue.previewExercise,
  catalogue.statusTiers,
  catalogue.config,
  learning.selectCourse,
  learning.chooseLevel,
  learning.resetProgress,
  learning.overview,
  learning.dashboard,
  learning.startLesson,
  learning.completeLesson,
  learning.blitzExercises,
  learning.completeBlitz,
  learning.replaceLearningProgress,
  learning.putStatistics,
  feedback.sendFeedback,
  leaderboard.leaderboard,
  review.practice,
  review.completePractice,
  review.words,
  health.health,
  media.staticSound,
  media.phraseAudio,
  media.picture,
  media.outlinePicture,
  billing.billingStatus,
  billing.billingQuote,
  billing.createCustomer,
  billing.refreshSubscription,
  billing.cancelSubscription,
  billing.resumeSubscription,
  billing.changeCard,
  billing.sandboxAuthenticate,
  billing.billingWebhook,
  social.socialProviders,
  social.startSocialSignIn,
  social.finishSocialSignIn,
  social.pendingSocialSignUp,
  social.completeSocialSignUp,
  social.socialSignIn,
  social.connections,
  social.unlinkConnection,
  notifications.pushPublicKey,
  notifications.savePushSubscription,
  notifications.removePushSubscription,
  notifications.notifications,
  notifications.markNotificationsRead,
  notifications.unsubscribeReminderMails,
  notifications.oneClickUnsubscribe,
  notifications.openOneClickUnsubscribe,
  ads.randomBanner,
  ads.clickBanner,
  ads.adImage,
];
