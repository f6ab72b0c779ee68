import { z } from 'zod';

/** The nine lower-case form types of the interface. */
export const FORM_TYPES = [
  'survey',
  'contact',
  'feedback',
  'order',
  'rsvp',
  'waitlist',
  'application',
  'custom',
  'analytics_opt_in',
] as const;

export const ZFormTypeSchema = z.enum(FORM_TYPES);

export type TFormType = z.infer<typeof ZFormTypeSchema>;

/** The human label of each form type, returned as `formTypeDisplay`. */
export const FORM_TYPE_DISPLAY: Record<TFormType, string> = {
  survey: 'Survey',
  contact: 'Contact',
  feedback: 'Feedback',
  order: 'Order',
  rsvp: 'RSVP',
  waitlist: 'Waitlist',
  application: 'Application',
  custom: 'Custom',
  analytics_opt_in: 'Analytics Opt-In',
};

/** The fixed properties of each form type, returned as `formTypeSpecific`; types not listed get `{}`. */
export function formTypeSpecific(formType: string): Record<string, unknown> {
  switch (formType) {
    case 'survey':
      return { surveyVersion: '1.0', supportsAnalytics: true };
    case 'feedback':
      return { supportsRating: true };
    case 'analytics_opt_in':
      return { cookieConsent: true, dataPrivacy: true };
    case 'order':
      return { supportsPayment: false, shippingRequired: true };
    case 'rsvp':
      return { attendanceTracking: true };
    default:
      return {};
  }
}
