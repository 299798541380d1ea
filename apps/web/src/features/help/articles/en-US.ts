import { heading, type HelpArticle, list, open, paragraph, records, steps, tip } from '../help-article.ts';

/** The built-in help centre in English; zh-CN.ts holds the same articles, block for block. */
export const articlesEnUS: HelpArticle[] = [
  {
    slug: 'getting-started',
    title: 'Getting started',
    summary: 'From a new account to your first e-mail in five steps.',
    blocks: [
      paragraph('Storecast sends marketing e-mail to the people who subscribed at your store. Most stores are ready to send within an hour; the only step that waits for others is DNS, which can take a few hours to appear.'),
      heading('Your first hour'),
      steps(
        'Connect your store: after signing up you choose the platform and enter the store name, homepage, currency and time zone. Send times and reports use that time zone.',
        'Add your sender: under Store settings > Sender info, enter the address your e-mails come from (on your store\'s domain) and a sender name. Click the link in the verification e-mail we send to it.',
        'Verify your sender domain: add the DNS records shown on the Verify sender domain page, so mailbox providers trust your e-mails. See "Sender domain DNS records".',
        'Bring your subscribers: import a spreadsheet or let your store send them through the API. See "Importing contacts".',
        'Send: build a Segment Send, check the preview and send it now or at a set time. See "Sending a Segment Send".',
      ),
      heading('Where things are'),
      list(
        'Dashboard: goals, overview and live view of your store\'s e-mail results.',
        'Segment Send: one-off e-mails to the segments you choose, with their reports.',
        'Email list: subscribers, tags, and the records of imports and exports.',
        'Avatar menu (top right): account, store settings, sending quota and plan, help and support.',
      ),
      open('/store/sender-info', 'Open Sender info'),
      tip('Only e-mail people who agreed to hear from you. Buying lists or mailing old customers who never subscribed gets your messages marked as spam and hurts every later send.'),
    ],
  },
  {
    slug: 'import-contacts',
    title: 'Importing contacts',
    summary: 'Upload a spreadsheet of subscribers and map its columns.',
    blocks: [
      paragraph('You can import subscribers from a file exported by your shop platform, your old e-mail tool or a spreadsheet you keep yourself.'),
      heading('Prepare the file'),
      list(
        'Formats: xls, xlsx, ods or csv, smaller than 15 MB. CSV in UTF-8 or GBK is fine.',
        'The first row holds the column names; every other row is one person.',
        'Each row needs an e-mail address or a phone number. Rows with neither are reported as invalid and skipped.',
        'Optional columns: first name, last name, source, subscription date, status and tags (comma-separated). Other columns can be kept as custom attributes.',
      ),
      heading('Import it'),
      steps(
        'Go to Email list and click Import.',
        'Upload the file. The first rows are shown so you can check them.',
        'Choose what each column holds. Map at least one column to e-mail or phone; choose "Do not import" for columns you do not need.',
        'Optionally tag everyone in this file (for example "Spring fair 2025"), then click Start import.',
        'Wait for the counts: new, updated, skipped and invalid rows. Download the bad rows to fix and import them again.',
      ),
      paragraph('A person already in your list is updated, not duplicated. Someone who unsubscribed stays unsubscribed even if the file says otherwise: an import never re-subscribes anyone.'),
      open('/email-list/import-upload', 'Import subscribers'),
      tip('Large files run in the background; you can leave the page and follow them under Email list > Import and export records.'),
    ],
  },
  {
    slug: 'sender-domain',
    title: 'Sender domain DNS records',
    summary: 'DKIM, return path, SPF and DMARC: what to add at your DNS provider.',
    blocks: [
      paragraph('Gmail, Yahoo, Outlook and most other providers check that e-mail really comes from the domain in its From address. You prove it by adding records to your domain\'s DNS, at the company where you bought the domain or where its DNS is hosted.'),
      heading('The two records Storecast needs'),
      paragraph('Open Store settings > Sender info and click Verify sender domain. The page shows the exact values for your domain; copy them from there, because the key is unique to your store. They look like this for the domain example.com:'),
      records(['Type', 'Host', 'Value'], [
        ['TXT', '<selector>._domainkey.example.com', 'v=DKIM1; k=rsa; p=<your public key>'],
        ['CNAME', 'sc-mail.example.com', '<the mail host shown on the page>'],
      ]),
      list(
        'DKIM (TXT): signs every e-mail with your domain, so providers can tell it was not altered and that you allowed it.',
        'Return path (CNAME): bounces come back to Storecast under your own domain, so your From and envelope domains align.',
      ),
      heading('Two more that providers ask for'),
      paragraph('These are checked and shown as advice; they do not block verification, but bulk senders without them get filtered more often.'),
      records(['Type', 'Host', 'Suggested value'], [
        ['TXT', 'example.com', 'v=spf1 include:<the mail host> ~all'],
        ['TXT', '_dmarc.example.com', 'v=DMARC1; p=none; rua=mailto:dmarc@example.com'],
      ]),
      list(
        'SPF: a domain may have only one SPF record. If you already have one (for example for your mailbox provider), add the include: part to it instead of adding a second record.',
        'DMARC: p=none only asks for reports and is enough for the big providers. Move to p=quarantine once all your mail passes.',
      ),
      heading('Check'),
      steps(
        'Add the records at your DNS provider. Some providers want only the part before your domain as the host (sc-mail instead of sc-mail.example.com).',
        'Back on the Verify sender domain page, click Verify. Each record shows Correct, Not found or Wrong value.',
        'DNS changes can take from a few minutes to a few hours. If a record is not found yet, try again later.',
      ),
      open('/store/verify-sender-domain', 'Verify sender domain'),
    ],
  },
  {
    slug: 'segment-send',
    title: 'Sending a Segment Send',
    summary: 'Choose segments, write the e-mail, preview it and send or schedule it.',
    blocks: [
      paragraph('A Segment Send is one e-mail to the subscribers of the segments you choose: a new collection, a sale, a newsletter. Each step saves the draft, so you can stop and come back later.'),
      steps(
        'Segment Send > New Segment Send. Name the send (only you see it), choose one or more segments and check the estimated recipients.',
        'Write the subject and the summary (the preview text shown after the subject in the inbox). Add UTM parameters if you track campaigns in your analytics.',
        'Choose a template, then edit the content: add, change and drag blocks (text, image, button, products, coupon). The footer with the unsubscribe link is always kept at the end.',
        'Check the preview at desktop and phone width. Keep the e-mail under about 100 KB, or Gmail clips it.',
        'Confirm: send now, or pick a time at least an hour ahead in your store\'s time zone. You can also keep it as a draft.',
      ),
      heading('After sending'),
      list(
        'The list shows each send\'s state: draft, to be sent, sending in progress, sending complete, terminated.',
        'Open the report for delivered, opened and clicked counts and the orders attributed to the e-mail.',
        'A scheduled or running send can be terminated; e-mails not sent yet will not go out.',
      ),
      tip('Before your first send, verify your sender domain and add your store\'s postal address in Store info: providers and the law in many countries expect it in every marketing e-mail.'),
      open('/tags', 'Open Segment Send'),
    ],
  },
  {
    slug: 'smart-send',
    title: 'Smart Send: flows that run by themselves',
    summary: 'Welcome, abandoned cart, post-purchase and other flows; AI management; SMS; how often people are mailed.',
    blocks: [
      paragraph('Smart Send runs flows: a sequence of waits, e-mails, SMS and splits that starts for one shopper when they do something (sign up, add to cart, order) and then runs by itself. Each store has seven flows; turn each on with its switch.'),
      list(
        'Welcome: after a sign-up through a pop-up or your own systems (not after an import).',
        'Abandoned cart, browse abandonment and abandoned checkout: after a shopper adds to cart, views a product or starts checkout and does not order. An order ends the flow.',
        'Post-purchase: a thank-you after an order, then a cross-sell later.',
        'Win-back: when a customer has not ordered for a number of days (60 unless you change it).',
        'Birthday: on the birthday your store sends as the attribute birthday.',
      ),
      heading('Turning a flow on'),
      steps(
        'Verify your sender e-mail and sender domain first: a flow cannot be turned on without them.',
        'Open the flow, check each e-mail and SMS, and save. Publish when you are happy: shoppers already in the flow finish on the version they started.',
        'Turn the switch on. You need sending volume: each e-mail uses one unit, each SMS segment uses several (shown in the editor).',
      ),
      heading('AI strategy management'),
      paragraph('With AI management on, Storecast chooses which flows suit your store\'s data, their timing, the discount (never above 30 %) and the copy in your store\'s language, and shows what it chose and why on each flow. You can still edit or stop any flow; a flow you edit yourself is not rewritten. Turning AI off keeps everything as it is.'),
      heading('How often people are mailed'),
      list(
        'Recommended: 4-6 e-mails a week to highly and moderately active subscribers (S, A), 2-3 to generally active ones (B), and at most one to the rest (C). These are the default weekly caps.',
        'Smart sending skips anyone who got an e-mail from your store within the last 16 hours (change the window in the settings). A Segment Send can use the same rule.',
        'SMS wait for the end of quiet hours (21:00 to 08:00 in your store\'s time zone unless you change them).',
        'The report shows how many were skipped and why.',
      ),
      heading('SMS'),
      list(
        'SMS go only to subscribers who gave SMS consent (a pop-up with a phone field, or your own systems); e-mail consent does not count.',
        'A reply of STOP or 退订 unsubscribes the number from SMS at once; their e-mail subscription stays.',
        'Links are shortened and tracked. Chinese text takes 70 characters a segment, plain Latin text 160; the editor counts them.',
      ),
      tip('A common pattern: e-mail first, then an SMS only if the e-mail is still unopened after 6 hours. The editor adds those steps in one click.'),
      open('/automation', 'Open Smart Send'),
    ],
  },
  {
    slug: 'unsubscribes-bounces',
    title: 'Unsubscribes and bounces',
    summary: 'How people leave your list and why some addresses stop receiving mail.',
    blocks: [
      heading('Unsubscribes'),
      paragraph('Every e-mail carries an unsubscribe link in its footer and a one-click unsubscribe header that Gmail, Yahoo and others show next to the sender. Both take effect at once; you do not need to do anything.'),
      list(
        'Unsubscribed people stay in your list with the status Unsubscribed, so a later import or a new order does not subscribe them again.',
        'You can also unsubscribe people yourself: select them in Email list and click Unsubscribe.',
        'Never re-add someone who unsubscribed. Providers count complaints and your mail goes to spam for everyone.',
      ),
      heading('Bounces and complaints'),
      list(
        'A hard bounce means the address does not exist or refuses mail. The subscriber is marked Error and gets no further e-mail.',
        'A temporary failure (a full mailbox, a busy server) is tried again later; if it keeps failing, that e-mail is given up, but the address stays subscribed.',
        'A complaint means the reader clicked "This is spam". The subscriber is marked Complaint and is not mailed again.',
      ),
      heading('Keeping your list healthy'),
      list(
        'Import only people who agreed to receive your e-mails, and remove old addresses nobody has opened in a year.',
        'Send regularly: long silences followed by a big send look like spam to providers.',
        'Watch the report after each send: more than about 2 % bounces or 0.1 % complaints is a sign to clean the list.',
      ),
      open('/email-list/list', 'Open Email list'),
    ],
  },
];
