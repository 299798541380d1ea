/** One record as the OpenAPI serves it (snake_case JSON). */
export type FakeRecord = Record<string, unknown>;

/** A Shoplazza shop the fake serves: its details, records, tokens and webhook subscriptions. */
export interface FakeShoplazzaShop {
  /** `tea.myshoplaza.com` */
  domain: string;
  details: { id: number; name: string; email: string; currency: string; timezone: string; primary_locale: string; domain: string };
  customers: FakeRecord[];
  orders: FakeRecord[];
  products: FakeRecord[];
  webhooks: { id: string; topic: string; address: string; format: string; created_at: string }[];
  /** Access tokens granted, with their scopes. */
  tokens: Map<string, string>;
  /** When each access token stops working (ms since the epoch). */
  tokenExpiry: Map<string, number>;
  /** Refresh tokens granted, with their scopes; each works once (a refresh rotates it). */
  refreshTokens: Map<string, string>;
  /** Price rules (`value_type`, `value`, …) and the discount codes made under them. */
  priceRules: FakeRecord[];
  discountCodes: FakeRecord[];
  /** Script tags the storefront loads (`src`, `display_scope`). */
  scriptTags: FakeRecord[];
  /** Themes and their files by name; the live one's `config/settings_data.json` holds the app embeds' state. */
  themes: { id: string; name: string; published: string; files: Map<string, string> }[];
}

let serial = 1;
/** Shoplazza's ids are UUIDs. */
export const fakeUuid = (): string => `00000000-0000-4000-8000-${String(serial++).padStart(12, '0')}`;

export function newFakeShop(domain: string, details: Partial<FakeShoplazzaShop['details']> = {}): FakeShoplazzaShop {
  const name = domain.replace(/\.myshoplaza\.com$/, '');
  return {
    domain,
    details: { id: 633130, name, email: `owner@${name}.example`, currency: 'USD', timezone: '+0800', primary_locale: 'en-US', domain: `www.${name}.example`, ...details },
    customers: [], orders: [], products: [], webhooks: [], tokens: new Map(), tokenExpiry: new Map(), refreshTokens: new Map(),
    priceRules: [], discountCodes: [], scriptTags: [],
    themes: [{ id: 'theme-1', name: 'Nova', published: '1', files: new Map([['config/settings_data.json', JSON.stringify({ current: { blocks: {} } })]]) }],
  };
}

/** A customer as the 2025-06 customer list and webhooks give it. */
export function fakeCustomer(over: FakeRecord = {}): FakeRecord {
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  return {
    id: fakeUuid(), email: `c${serial}@example.com`, phone: '', first_name: 'Ada', last_name: 'Li', tags: '',
    subscribed_flag: 0, sms_subscribed_flag: 0, accepts_marketing: false, created_at: at, updated_at: at, ...over,
  };
}

export function fakeProduct(over: FakeRecord = {}): FakeRecord {
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  return {
    id: fakeUuid(), title: 'Jasmine tea', handle: `jasmine-${serial}`, product_type: 'Tea', tags: 'green,tea', published: true,
    images: [{ src: 'https://img.example/jasmine.png' }],
    variants: [{ id: fakeUuid(), title: '100 g', sku: 'JT-100', price: '12.50', compare_at_price: null, inventory_quantity: 5 }],
    created_at: at, updated_at: at, ...over,
  };
}

export function fakeOrder(over: FakeRecord = {}): FakeRecord {
  const at = new Date(Date.now() - 86_400_000).toISOString();
  return {
    id: fakeUuid(), number: String(1000 + serial), email: 'buyer@example.com', customer_id: '', currency: 'USD', total_price: '25.00',
    financial_status: 'paid', status: 'opened', cancelled_at: null,
    line_items: [{ id: fakeUuid(), product_id: '', variant_id: '', title: 'Jasmine tea', quantity: 2, price: '12.50' }],
    created_at: at, updated_at: at, ...over,
  };
}
