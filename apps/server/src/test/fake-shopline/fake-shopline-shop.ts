/** One record as Shopline's Admin REST API serves it (snake_case JSON). */
export type FakeRecord = Record<string, unknown>;

/** A Shopline store the fake serves: its details, records, tokens and webhook subscriptions. */
export interface FakeShoplineShop {
  /** `jade` for `jade.myshopline.com` */
  handle: string;
  details: { id: string; name: string; email: string; currency: string; timezone: string; language: string; domain: string };
  customers: FakeRecord[];
  orders: FakeRecord[];
  products: FakeRecord[];
  webhooks: { id: string; topic: string; address: string; api_version: string; created_at: string }[];
  /** Access tokens granted, with their scopes. */
  tokens: Map<string, string>;
  /** When each access token stops working (ms since the epoch). */
  tokenExpiry: Map<string, number>;
  /** The merchant took the app's authorisation away: `token/refresh` is refused. */
  revoked: boolean;
  /** Price rules (`sales/price_rules.json`) and the discount codes made under them. */
  priceRules: FakeRecord[];
  discountCodes: FakeRecord[];
  /** Script tags the storefront loads (`store/script_tags.json`). */
  scriptTags: FakeRecord[];
  /** Themes and their files by name; the live one's `config/settings_data.json` holds the app embeds' state. */
  themes: { id: string; name: string; role: string; files: Map<string, string> }[];
}

let serial = 1;
/** Shopline's ids are long decimal strings (wider than a 64-bit integer). */
export const fakeShoplineId = (): string => `16057${String(serial++).padStart(21, '0')}`;

export function newFakeShoplineShop(handle: string, details: Partial<FakeShoplineShop['details']> = {}): FakeShoplineShop {
  return {
    handle,
    details: { id: '1700000001', name: handle, email: `owner@${handle}.example`, currency: 'USD', timezone: 'Asia/Shanghai', language: 'en', domain: `www.${handle}.example`, ...details },
    customers: [], orders: [], products: [], webhooks: [], tokens: new Map(), tokenExpiry: new Map(), revoked: false,
    priceRules: [], discountCodes: [], scriptTags: [],
    themes: [{ id: 'theme-1', name: 'Nova', role: 'published', files: new Map([['config/settings_data.json', JSON.stringify({ current: { blocks: {} } })]]) }],
  };
}

const at = () => new Date(Date.UTC(2026, 0, 1)).toISOString();

/** A customer as the v20251201 customer list and `customers/*` webhooks give it. */
export function fakeShoplineCustomer(over: FakeRecord = {}): FakeRecord {
  return {
    id: fakeShoplineId(), email: `c${serial}@example.com`, phone: '', first_name: 'Ada', last_name: 'Li', tags: '',
    email_marketing_consent: { state: 'not_subscribed', opt_in_level: 'single_opt_in' },
    sms_marketing_consent: { state: 'not_subscribed' }, accepts_marketing: false, accepts_mobile_marketing: false,
    created_at: at(), updated_at: at(), ...over,
  };
}

export function fakeShoplineProduct(over: FakeRecord = {}): FakeRecord {
  return {
    id: fakeShoplineId(), title: 'Jasmine tea', handle: `jasmine-${serial}`, product_type: 'Tea', tags: 'green,tea', status: 'active',
    images: [{ src: 'https://img.example/jasmine.png' }],
    variants: [{ id: fakeShoplineId(), title: '100 g', sku: 'JT-100', price: '12.50', compare_at_price: null, inventory_quantity: 5 }],
    created_at: at(), updated_at: at(), ...over,
  };
}

export function fakeShoplineOrder(over: FakeRecord = {}): FakeRecord {
  const created = new Date(Date.now() - 86_400_000).toISOString();
  return {
    id: fakeShoplineId(), name: `#${1000 + serial}`, email: 'buyer@example.com', customer: null, currency: 'USD', total_price: '25.00',
    current_total_price: '25.00', financial_status: 'paid', cancelled_at: null,
    line_items: [{ id: fakeShoplineId(), product_id: '', variant_id: '', title: 'Jasmine tea', quantity: 2, price: '12.50' }],
    created_at: created, updated_at: created, ...over,
  };
}
