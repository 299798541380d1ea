import type { Messages } from '../types.ts';
import type * as zh from '../zh-CN/calendar.ts';

/** The marketing calendar, the activity log and the order export (SPEC sections 1, 5 and 7). */
export const calendarErrors: Messages<typeof zh.calendarErrors> = {
  calendar: {
    dayFormat: 'Choose a valid date.',
    monthFormat: 'Choose a valid month.',
    holidayRequired: 'Enter the holiday.',
    fieldTooLong: 'At most 50 characters.',
    remarksTooLong: 'Remarks can be at most 100 characters.',
    dateOrder: "The end date can't be before the start date.",
    notFound: 'The marketing plan does not exist.',
  },
};

export const calendarNotices: Messages<typeof zh.calendarNotices> = {
  calendar: {
    sendName: '{{holiday}} · {{purpose}}',
    saved: 'The marketing plan is saved.',
    deleted: 'The marketing plan is deleted.',
    sendCreated: 'A Segment Send draft was created.',
  },
  /** Values of the order export's columns. */
  orderExport: {
    yes: 'yes', no: 'no',
    flows: {
      welcome: 'Welcome series', abandonedCart: 'Abandoned cart',
      browseAbandonment: 'Browse abandonment', abandonedCheckout: 'Abandoned checkout', postPurchase: 'Post-purchase',
      winBack: 'Win-back', birthday: 'Birthday',
    },
  },
  activity: {
    shop: {
      saveInfo: 'Changed the store information', saveEmailStyle: 'Changed the email style', uploadLogo: 'Uploaded a logo',
      presetsInfo: 'Saved preset information', presetsDelete: 'Deleted preset information',
      saveSalesAttribution: 'Changed the sales attribution', saveGuide: 'Updated the setup guide',
      apiToken: { create: 'Created an API token', revoke: 'Revoked an API token' },
    },
    subscriber: { save: 'Saved a subscriber', bulk: 'Changed subscribers in bulk' },
    tag: { save: 'Saved a tag', delete: 'Deleted a tag' },
    segment: { save: 'Saved a segment', delete: 'Deleted a segment' },
    import: { upload: 'Uploaded an import file', start: 'Started an import' },
    export: { start: 'Exported the email list' },
    strategy: { save: 'Saved a Segment Send', terminate: 'Stopped a send', delete: 'Deleted a Segment Send', saveAsTemplate: 'Saved as a template' },
    material: { uploadImage: 'Uploaded an image', saveTitle: 'Renamed a material', saveTemplate: 'Saved a template', delete: 'Deleted a material' },
    sender: {
      add: 'Added a sender', edit: 'Changed a sender', verifyEmail: 'Verified a sender email', verifyDomain: 'Verified a sending domain',
      completeVerifyDomain: 'Completed domain verification',
    },
    popup: { save: 'Saved a pop-up' },
    customPopup: { save: 'Saved a custom pop-up', switch: 'Switched a custom pop-up', delete: 'Deleted a custom pop-up' },
    popupTemplate: { save: 'Saved a pop-up template', status: 'Changed a pop-up template status' },
    automation: { saveFlow: 'Saved a flow', publishFlow: 'Published a flow', switchFlow: 'Switched a flow', saveSettings: 'Changed the automation settings' },
    element: { match: 'Matched Element Send products', retry: 'Retried element matching', change: 'Changed Element Send products' },
    calendar: { save: 'Saved a marketing plan', delete: 'Deleted a marketing plan', startSend: 'Started a Segment Send from a plan' },
    sendPackage: { purchase: 'Bought a sending-volume pack', changeRenew: "Changed a pack's auto-renewal", setPaymentMethod: 'Saved the credit card' },
    vipService: { purchase: 'Bought a membership', upgrade: 'Upgraded the membership', changeRenew: "Changed the membership's auto-renewal" },
    access: { invite: 'Invited a manager', cancelInvite: 'Withdrew an invitation', revoke: 'Revoked a manager', transfer: 'Transferred the store' },
    order: { export: { start: 'Exported orders' } },
    product: { block: 'Blocked products', unblock: 'Unblocked products' },
    campaign: { linkCreate: 'Generated a campaign link', linkDelete: 'Deleted a campaign link' },
  },
};
