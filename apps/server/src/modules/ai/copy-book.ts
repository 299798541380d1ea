import type { Locale } from '@storecast/contract';
import type { CopyPurpose } from './write-copy-types.ts';

/**
 * The built-in writer's words. Placeholders: {store}, {item} (the first product, or a word for
 * it), {items} (up to three products), {name} (the recipient's first name with a fallback, a
 * personal field the e-mail renderer fills), {theme} (the owner's brief), {code} and {pct} (only
 * in the offer texts, used when a coupon is given: copy without one promises no discount).
 */
export interface CopyVariant {
  subject: string;
  /** Replaces `subject` when a coupon is given. */
  offerSubject: string;
  preview: string;
  heading: string;
  body: string[];
  button: string;
  sms: string;
  /** Replaces `sms` when a coupon is given. */
  offerSms: string;
}

export interface LocaleBook {
  name: string;
  /** What {item} and {items} say when no product is known, per purpose. */
  item: Partial<Record<CopyPurpose, string>> & { default: string };
  items: Partial<Record<CopyPurpose, string>> & { default: string };
  /** Joins up to three product names. */
  and: string;
  theme: string;
  /** One offer sentence is put before the body's last paragraph when a coupon is given. */
  offer: string[];
  variants: Record<CopyPurpose, CopyVariant[]>;
}

const en: LocaleBook = {
  name: '{{first_name|there}}',
  item: {
    default: 'our best sellers', 'abandoned-cart': 'the items in your cart', 'abandoned-checkout': 'your order',
    'browse-abandonment': 'what you were looking at', 'post-purchase': 'what you bought', 'cross-sell': 'your last order',
  },
  items: { default: 'our best sellers', 'abandoned-cart': 'the items you chose', 'abandoned-checkout': 'your order' },
  and: ' and ',
  theme: 'new arrivals',
  offer: [
    'Use code {code} at checkout for {pct}% off your order.',
    'Your code {code} takes {pct}% off at checkout.',
    'Enter {code} at checkout and save {pct}%.',
  ],
  variants: {
    welcome: [
      {
        subject: 'Welcome to {store}, {name}', offerSubject: 'Welcome to {store}: {pct}% off your first order',
        preview: 'Glad you are here. This is what to expect from us.', heading: 'Welcome to {store}',
        body: ['Hi {name}, thanks for joining {store}.', 'You will be the first to hear about new arrivals, restocks and the picks our customers love most.', 'Take a look around: we think you will find something you like.'],
        button: 'Start shopping', sms: '{store}: welcome, {name}! Thanks for signing up. New arrivals are waiting for you.',
        offerSms: '{store}: welcome! Use code {code} for {pct}% off your first order.',
      },
      {
        subject: 'You are in, {name}: welcome to {store}', offerSubject: 'A welcome gift from {store}: {pct}% off',
        preview: 'Thanks for signing up. Here is where to start.', heading: 'Good to have you with us',
        body: ['Hi {name}, welcome to the {store} community.', 'We send a few e-mails a week at most: new products, useful tips and the occasional members-first offer.', 'Our best sellers are a good place to start.'],
        button: 'See the best sellers', sms: '{store}: thanks for joining, {name}. Our best sellers are a good place to start.',
        offerSms: '{store}: thanks for joining! Code {code} = {pct}% off your first order.',
      },
      {
        subject: '{name}, welcome! Meet {store}', offerSubject: 'Welcome, {name}! {pct}% off to get you started',
        preview: 'A quick hello from the {store} team.', heading: 'Hello from {store}',
        body: ['Hi {name}, we are happy you found us.', 'Every product at {store} is chosen with care, and we are here if you ever have a question.', 'Come and see what is new this week.'],
        button: 'See what is new', sms: '{store}: hello {name}! See what is new this week.',
        offerSms: '{store}: hello! Here is {pct}% off to get you started: code {code}.',
      },
    ],
    'abandoned-cart': [
      {
        subject: '{name}, you left something in your cart', offerSubject: 'Your cart is waiting, and it is now {pct}% off',
        preview: 'We saved {item} for you.', heading: 'Still thinking it over?',
        body: ['Hi {name}, you left {item} in your cart at {store}.', 'We kept everything just as you left it, so you can pick up where you stopped.', 'Popular items sell out, so do not wait too long.'],
        button: 'Return to my cart', sms: '{store}: {item} is still in your cart, {name}. We saved it for you.',
        offerSms: '{store}: {item} is still in your cart. Code {code} takes {pct}% off.',
      },
      {
        subject: 'Did you forget {item}?', offerSubject: 'Complete your order: {pct}% off {item}',
        preview: 'Your cart at {store} is saved.', heading: 'Your cart misses you',
        body: ['Hi {name}, it looks like you were interrupted.', 'Your cart with {items} is saved and ready when you are.', 'Questions about sizing, delivery or returns? Just reply to this e-mail.'],
        button: 'Complete my order', sms: '{store}: your cart is saved, {name}. Complete your order whenever you are ready.',
        offerSms: '{store}: complete your order today with code {code} for {pct}% off.',
      },
      {
        subject: 'Still interested in {item}?', offerSubject: '{name}, {pct}% off the items in your cart',
        preview: 'A quick reminder from {store}.', heading: 'Good choice',
        body: ['Hi {name}, {item} caught your eye, and we can see why.', 'Your cart is still open at {store}. Checkout only takes a minute.'],
        button: 'Go to checkout', sms: '{store}: still interested in {item}? Your cart is one tap away.',
        offerSms: '{store}: {pct}% off the items in your cart with code {code}.',
      },
    ],
    'browse-abandonment': [
      {
        subject: 'Still looking at {item}?', offerSubject: '{item} caught your eye: {pct}% off',
        preview: 'Have another look before it is gone.', heading: 'Something caught your eye',
        body: ['Hi {name}, we noticed you were looking at {item} at {store}.', 'Have another look, compare the details and see what other customers say.'],
        button: 'Take another look', sms: '{store}: still thinking about {item}? Have another look.',
        offerSms: '{store}: still thinking about {item}? Code {code} takes {pct}% off.',
      },
      {
        subject: '{name}, more like {item}', offerSubject: '{name}, {pct}% off what you were browsing',
        preview: 'Picks chosen for what you looked at.', heading: 'Picked for you',
        body: ['Hi {name}, thanks for visiting {store}.', 'Based on what you looked at, we think you will also like {items}.'],
        button: 'See the picks', sms: '{store}: picks chosen for you, {name}, based on what you looked at.',
        offerSms: '{store}: {pct}% off what you were browsing. Code {code}.',
      },
    ],
    'abandoned-checkout': [
      {
        subject: 'Your order is almost done, {name}', offerSubject: 'Finish your order and save {pct}%',
        preview: 'Only one step left to complete your order.', heading: 'You are one step away',
        body: ['Hi {name}, you were almost done with your order at {store}.', 'Your details are saved: finish checkout and we will get {item} on its way.', 'Need help with payment or delivery? Reply to this e-mail and we will sort it out.'],
        button: 'Finish checkout', sms: '{store}: your order is almost done, {name}. Finish checkout in one step.',
        offerSms: '{store}: finish your order with code {code} and save {pct}%.',
      },
      {
        subject: 'Did something go wrong at checkout?', offerSubject: 'We saved your order, plus {pct}% off',
        preview: 'We kept your order for you.', heading: 'We saved your order',
        body: ['Hi {name}, your checkout at {store} was not completed.', 'If something went wrong, we are here to help. If you simply got busy, your order is waiting.'],
        button: 'Complete my order', sms: '{store}: we saved your order, {name}. Complete it whenever you are ready.',
        offerSms: '{store}: your order is saved. Use {code} for {pct}% off.',
      },
    ],
    'post-purchase': [
      {
        subject: 'Thank you for your order, {name}', offerSubject: 'Thank you! {pct}% off your next order',
        preview: 'We are getting your order ready.', heading: 'Thank you for shopping with us',
        body: ['Hi {name}, thank you for your order at {store}.', 'We are preparing {item} with care and will let you know when it ships.', 'If you have any questions, simply reply to this e-mail.'],
        button: 'Visit the store', sms: '{store}: thank you for your order, {name}! We will let you know when it ships.',
        offerSms: '{store}: thank you for your order! Code {code} gives {pct}% off the next one.',
      },
      {
        subject: '{name}, how are you getting on?', offerSubject: 'Complete the look: {pct}% off for you',
        preview: 'Tips and picks that go well with your order.', heading: 'Made to go together',
        body: ['Hi {name}, we hope you are enjoying your purchase from {store}.', 'Customers who bought {item} also love {items}.'],
        button: 'See the matching picks', sms: '{store}: enjoying your purchase, {name}? See what goes well with it.',
        offerSms: '{store}: complete the look with {pct}% off. Code {code}.',
      },
    ],
    'win-back': [
      {
        subject: 'We miss you, {name}', offerSubject: 'We miss you: {pct}% off to welcome you back',
        preview: 'A lot has changed since your last visit.', heading: 'It has been a while',
        body: ['Hi {name}, it has been a while since your last visit to {store}.', 'We have added new products and brought back customer favourites.', 'Come and see what is new.'],
        button: 'See what is new', sms: '{store}: we miss you, {name}! Come and see what is new.',
        offerSms: '{store}: we miss you! Come back for {pct}% off with code {code}.',
      },
      {
        subject: '{name}, see what you have missed at {store}', offerSubject: 'Come back to {store}: {pct}% off',
        preview: 'New arrivals and favourites, picked for you.', heading: 'New since your last visit',
        body: ['Hi {name}, here is what is new at {store} since you last stopped by.', 'From new arrivals to restocked favourites, there is plenty to discover.'],
        button: 'Discover more', sms: '{store}: new arrivals and favourites since your last visit, {name}.',
        offerSms: '{store}: it has been a while. Here is {pct}% off: {code}.',
      },
    ],
    birthday: [
      {
        subject: 'Happy birthday, {name}!', offerSubject: 'Happy birthday, {name}! {pct}% off is yours',
        preview: 'Best wishes from all of us at {store}.', heading: 'Happy birthday!',
        body: ['Hi {name}, everyone at {store} wishes you a wonderful birthday.', 'Treat yourself today: we picked a few favourites you might enjoy.'],
        button: 'Treat yourself', sms: '{store}: happy birthday, {name}! Best wishes from all of us.',
        offerSms: '{store}: happy birthday! Enjoy {pct}% off with code {code}.',
      },
      {
        subject: '{name}, it is your day', offerSubject: 'A birthday present from {store}: {pct}% off',
        preview: 'Celebrate with something you love.', heading: 'Celebrate with us',
        body: ['Hi {name}, happy birthday from {store}!', 'We hope your year ahead is full of good things. Celebrate with something you love.'],
        button: 'Find something special', sms: '{store}: it is your day, {name}! Happy birthday.',
        offerSms: '{store}: a birthday present for you: {pct}% off with {code}.',
      },
    ],
    'cross-sell': [
      {
        subject: 'Goes well with {item}', offerSubject: '{pct}% off picks that go with {item}',
        preview: 'Picks that pair with what you bought.', heading: 'Made to go together',
        body: ['Hi {name}, you chose {item}. Here are a few picks that go well with it.', 'Customers often pair it with {items}.'],
        button: 'See the picks', sms: '{store}: picks that go well with {item}, {name}.',
        offerSms: '{store}: {pct}% off picks that go with {item}. Code {code}.',
      },
      {
        subject: '{name}, you might also like these', offerSubject: '{name}, {pct}% off your next find',
        preview: 'Chosen for you by {store}.', heading: 'You might also like',
        body: ['Hi {name}, based on your last order, we think you will like {items}.'],
        button: 'Shop the picks', sms: '{store}: you might also like these picks, {name}.',
        offerSms: '{store}: {pct}% off your next find with code {code}.',
      },
    ],
    campaign: [
      {
        subject: '{theme} at {store}', offerSubject: '{theme}: {pct}% off at {store}',
        preview: 'Picked for you at {store}: {items}.', heading: '{theme}',
        body: ['Hi {name}, something new at {store}: {theme}.', 'We picked {items} for you, and there is plenty more to discover.'],
        button: 'Shop now', sms: '{store}: {theme}, picked for you. Take a look, {name}.',
        offerSms: '{store}: {theme}, {pct}% off with code {code}.',
      },
      {
        subject: '{name}, {theme} picked for you', offerSubject: '{name}, {pct}% off {theme}',
        preview: 'Hand-picked by the {store} team.', heading: 'Picked for you',
        body: ['Hi {name}, {theme} from {store}, picked for you.', 'Do not miss {items}.'],
        button: 'See the collection', sms: '{store}: {theme}, hand-picked for you, {name}.',
        offerSms: '{store}: {theme}. Code {code} = {pct}% off.',
      },
      {
        subject: 'New at {store}: {theme}', offerSubject: 'New at {store}: {theme}, {pct}% off',
        preview: 'See what is new this week.', heading: 'New this week',
        body: ['Hi {name}, there is something new at {store}: {theme}.', 'Highlights include {items}.'],
        button: 'Discover more', sms: '{store}: new this week, {theme}. Have a look, {name}.',
        offerSms: '{store}: new this week, {theme}. {pct}% off with {code}.',
      },
    ],
  },
};

const zh: LocaleBook = {
  name: '{{first_name|亲爱的顾客}}',
  item: {
    default: '热销好物', 'abandoned-cart': '购物车里的商品', 'abandoned-checkout': '您的订单',
    'browse-abandonment': '您浏览过的商品', 'post-purchase': '您所购的商品', 'cross-sell': '您上次购买的商品',
  },
  items: { default: '店里的热销好物', 'abandoned-cart': '您挑选的商品', 'abandoned-checkout': '您的订单' },
  and: '、',
  theme: '本季新品',
  offer: [
    '结账时输入优惠码 {code}，立享 {pct}% 优惠。',
    '专属优惠码 {code}：下单立减 {pct}%。',
    '使用优惠码 {code}，全单享 {pct}% 折扣。',
  ],
  variants: {
    welcome: [
      {
        subject: '欢迎加入 {store}，{name}', offerSubject: '欢迎加入 {store}：首单立享 {pct}% 优惠',
        preview: '很高兴认识您，先来看看我们为您准备了什么。', heading: '欢迎来到 {store}',
        body: ['{name}，您好！感谢您订阅 {store}。', '新品上架、热门补货和顾客最爱的好物，您都会第一时间知道。', '随便逛逛，相信总有一件适合您。'],
        button: '开始选购', sms: '【{store}】欢迎加入，{name}！新品已为您备好，快来看看。',
        offerSms: '【{store}】欢迎加入！首单输入优惠码 {code} 立享 {pct}% 优惠。',
      },
      {
        subject: '{name}，欢迎成为 {store} 的一员', offerSubject: '{store} 送您一份见面礼：{pct}% 优惠',
        preview: '感谢订阅，从这里开始吧。', heading: '很高兴与您相遇',
        body: ['{name}，您好！欢迎加入 {store}。', '我们每周最多给您发几封邮件：新品、实用小贴士，以及会员专享的活动。', '从热销榜开始逛起，是个不错的选择。'],
        button: '查看热销榜', sms: '【{store}】感谢订阅，{name}！从热销榜开始逛起吧。',
        offerSms: '【{store}】感谢订阅！首单用优惠码 {code} 立减 {pct}%。',
      },
      {
        subject: '{name}，初次见面，请多关照', offerSubject: '{name}，初次见面，送您 {pct}% 优惠',
        preview: '来自 {store} 团队的问候。', heading: '{store} 向您问好',
        body: ['{name}，您好！很高兴您找到了我们。', '{store} 的每件商品都经过用心挑选，有任何问题随时联系我们。', '来看看本周上新吧。'],
        button: '看看本周上新', sms: '【{store}】{name}，您好！本周上新已就位，欢迎来逛。',
        offerSms: '【{store}】初次见面，送您 {pct}% 优惠，优惠码 {code}。',
      },
    ],
    'abandoned-cart': [
      {
        subject: '{name}，您的购物车还有商品未结算', offerSubject: '购物车商品限时 {pct}% 优惠',
        preview: '我们为您保留了{item}。', heading: '还在犹豫吗？',
        body: ['{name}，您好！您在 {store} 的购物车里还有{item}。', '我们已为您原样保留，随时可以继续下单。', '热门商品库存有限，喜欢就别错过。'],
        button: '返回购物车', sms: '【{store}】{name}，您购物车里的{item}还在等您，点击继续下单。',
        offerSms: '【{store}】购物车里的{item}还在，输入 {code} 立享 {pct}% 优惠。',
      },
      {
        subject: '是不是忘了{item}？', offerSubject: '完成订单，{item}立享 {pct}% 优惠',
        preview: '您在 {store} 的购物车已为您保存。', heading: '您的购物车在想您',
        body: ['{name}，您好！看起来您刚才被打断了。', '购物车里的{items}都已保存，准备好了随时回来。', '对尺码、配送或退换有疑问？直接回复这封邮件即可。'],
        button: '完成订单', sms: '【{store}】{name}，您的购物车已保存，准备好了随时回来下单。',
        offerSms: '【{store}】今天完成订单，优惠码 {code} 立减 {pct}%。',
      },
      {
        subject: '还在考虑{item}吗？', offerSubject: '{name}，购物车商品享 {pct}% 优惠',
        preview: '{store} 给您的小提醒。', heading: '眼光不错',
        body: ['{name}，您好！{item}很受欢迎，难怪您会喜欢。', '您在 {store} 的购物车仍然有效，结算只需一分钟。'],
        button: '去结算', sms: '【{store}】还在考虑{item}吗？购物车一键即达。',
        offerSms: '【{store}】购物车商品凭优惠码 {code} 享 {pct}% 优惠。',
      },
    ],
    'browse-abandonment': [
      {
        subject: '还在看{item}吗？', offerSubject: '您看中的{item}，现享 {pct}% 优惠',
        preview: '趁还有货，再看一眼。', heading: '有件好物在等您',
        body: ['{name}，您好！您刚才在 {store} 看了{item}。', '再看看细节和其他顾客的评价吧。'],
        button: '再看一眼', sms: '【{store}】还在想着{item}吗？点击再看一眼。',
        offerSms: '【{store}】还在想着{item}吗？优惠码 {code} 立享 {pct}% 优惠。',
      },
      {
        subject: '{name}，为您找到更多类似好物', offerSubject: '{name}，您浏览的商品享 {pct}% 优惠',
        preview: '根据您的浏览为您挑选。', heading: '为您精选',
        body: ['{name}，您好！感谢光临 {store}。', '根据您的浏览，我们觉得您也会喜欢{items}。'],
        button: '查看精选', sms: '【{store}】{name}，根据您的浏览为您挑了几件好物，快来看看。',
        offerSms: '【{store}】您浏览过的商品享 {pct}% 优惠，优惠码 {code}。',
      },
    ],
    'abandoned-checkout': [
      {
        subject: '{name}，您的订单只差一步', offerSubject: '完成订单，立减 {pct}%',
        preview: '只差最后一步即可完成下单。', heading: '只差一步',
        body: ['{name}，您好！您在 {store} 的订单就快完成了。', '您的信息已保存，完成结算后我们会尽快为您发出{item}。', '支付或配送遇到问题？回复这封邮件，我们来帮您解决。'],
        button: '完成结算', sms: '【{store}】{name}，您的订单只差一步，点击完成结算。',
        offerSms: '【{store}】完成订单时输入 {code}，立减 {pct}%。',
      },
      {
        subject: '结算时遇到问题了吗？', offerSubject: '订单已为您保留，另享 {pct}% 优惠',
        preview: '我们为您保留了订单。', heading: '订单已为您保留',
        body: ['{name}，您好！您在 {store} 的结算尚未完成。', '如果遇到了问题，我们随时帮忙；如果只是太忙，订单一直为您保留着。'],
        button: '完成订单', sms: '【{store}】{name}，订单已为您保留，随时可以完成。',
        offerSms: '【{store}】订单已保留，使用 {code} 享 {pct}% 优惠。',
      },
    ],
    'post-purchase': [
      {
        subject: '{name}，感谢您的订单', offerSubject: '感谢下单！下次购物享 {pct}% 优惠',
        preview: '我们正在为您准备订单。', heading: '感谢您的支持',
        body: ['{name}，您好！感谢您在 {store} 下单。', '我们正在用心为您准备{item}，发货后会第一时间通知您。', '有任何问题，直接回复这封邮件即可。'],
        button: '逛逛店铺', sms: '【{store}】感谢您的订单，{name}！发货后我们会通知您。',
        offerSms: '【{store}】感谢下单！下次购物用 {code} 享 {pct}% 优惠。',
      },
      {
        subject: '{name}，用得还顺手吗？', offerSubject: '为您搭配好物，专享 {pct}% 优惠',
        preview: '与您的订单更配的好物。', heading: '搭配起来更出彩',
        body: ['{name}，您好！希望您喜欢在 {store} 买到的商品。', '买了{item}的顾客也很喜欢{items}。'],
        button: '查看搭配推荐', sms: '【{store}】{name}，用得还顺手吗？看看与它更配的好物。',
        offerSms: '【{store}】搭配好物享 {pct}% 优惠，优惠码 {code}。',
      },
    ],
    'win-back': [
      {
        subject: '{name}，好久不见', offerSubject: '好久不见，送您 {pct}% 回归优惠',
        preview: '自您上次光临，我们有了不少新变化。', heading: '好久不见',
        body: ['{name}，您好！距离您上次光临 {store} 已经有一段时间了。', '我们上新了不少商品，顾客最爱的经典款也补货了。', '回来看看有什么新鲜的吧。'],
        button: '看看新品', sms: '【{store}】{name}，好久不见！上新了不少好物，回来看看吧。',
        offerSms: '【{store}】好久不见！回来购物用 {code} 享 {pct}% 优惠。',
      },
      {
        subject: '{name}，这些新变化您还没看过', offerSubject: '欢迎回到 {store}：{pct}% 优惠',
        preview: '新品与经典款，为您挑好了。', heading: '您错过的新品',
        body: ['{name}，您好！这是您上次光临后 {store} 的新变化。', '从新品到补货的人气款，都值得一看。'],
        button: '发现更多', sms: '【{store}】{name}，您上次光临后我们上新了不少，快来看看。',
        offerSms: '【{store}】好久不见，送您 {pct}% 优惠：{code}。',
      },
    ],
    birthday: [
      {
        subject: '{name}，生日快乐！', offerSubject: '{name}，生日快乐！{pct}% 优惠送给您',
        preview: '{store} 全体同仁祝您生日快乐。', heading: '生日快乐！',
        body: ['{name}，您好！{store} 全体同仁祝您生日快乐。', '今天就好好犒劳自己吧，我们为您挑了几件好物。'],
        button: '犒劳自己', sms: '【{store}】{name}，生日快乐！愿您新的一岁万事顺意。',
        offerSms: '【{store}】生日快乐！生日专享 {pct}% 优惠，优惠码 {code}。',
      },
      {
        subject: '{name}，今天是属于您的日子', offerSubject: '{store} 的生日礼物：{pct}% 优惠',
        preview: '用喜欢的东西庆祝一下。', heading: '和我们一起庆祝',
        body: ['{name}，您好！{store} 祝您生日快乐！', '愿新的一岁好事连连，挑一件喜欢的东西庆祝一下吧。'],
        button: '挑选生日礼物', sms: '【{store}】{name}，今天是属于您的日子，生日快乐！',
        offerSms: '【{store}】生日礼物送到：凭 {code} 享 {pct}% 优惠。',
      },
    ],
    'cross-sell': [
      {
        subject: '和{item}更配的好物', offerSubject: '与{item}搭配的好物享 {pct}% 优惠',
        preview: '与您所购商品相配的精选。', heading: '搭配起来更出彩',
        body: ['{name}，您好！您选了{item}，这几件和它很配。', '很多顾客会把它和{items}一起搭配。'],
        button: '查看搭配', sms: '【{store}】{name}，为您挑了几件和{item}很配的好物。',
        offerSms: '【{store}】与{item}搭配的好物享 {pct}% 优惠，优惠码 {code}。',
      },
      {
        subject: '{name}，您可能还会喜欢', offerSubject: '{name}，下一件好物享 {pct}% 优惠',
        preview: '{store} 为您精选。', heading: '您可能还会喜欢',
        body: ['{name}，您好！根据您上次的订单，我们觉得您会喜欢{items}。'],
        button: '选购推荐', sms: '【{store}】{name}，这些好物您可能也会喜欢。',
        offerSms: '【{store}】下一件好物用 {code} 享 {pct}% 优惠。',
      },
    ],
    campaign: [
      {
        subject: '{store}｜{theme}', offerSubject: '{theme}｜{store} 限时 {pct}% 优惠',
        preview: '{store} 新到：{items}。', heading: '{theme}',
        body: ['{name}，您好！{store} 的{theme}来了。', '我们为您挑选了{items}，更多好物等您发现。'],
        button: '立即选购', sms: '【{store}】{theme}来了，{name}，快来看看。',
        offerSms: '【{store}】{theme}，凭 {code} 享 {pct}% 优惠。',
      },
      {
        subject: '{name}，为您精选的{theme}', offerSubject: '{name}，{theme}享 {pct}% 优惠',
        preview: '{store} 团队用心挑选。', heading: '为您精选',
        body: ['{name}，您好！这是 {store} 为您精选的{theme}。', '别错过{items}。'],
        button: '查看系列', sms: '【{store}】{name}，为您精选的{theme}已上线。',
        offerSms: '【{store}】{theme}，优惠码 {code} 立享 {pct}% 优惠。',
      },
      {
        subject: '{store} 上新：{theme}', offerSubject: '{store} 上新：{theme}，{pct}% 优惠',
        preview: '看看本周有什么新鲜的。', heading: '本周上新',
        body: ['{name}，您好！{store} 上新啦：{theme}。', '本期亮点：{items}。'],
        button: '发现更多', sms: '【{store}】本周上新：{theme}，{name}，快来看看。',
        offerSms: '【{store}】本周上新：{theme}，用 {code} 享 {pct}% 优惠。',
      },
    ],
  },
};

export const COPY_BOOKS: Record<Locale, LocaleBook> = { 'zh-CN': zh, 'en-US': en };
