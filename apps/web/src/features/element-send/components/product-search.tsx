import { type ProductSummary, productRefSchema } from '@storecast/contract';
import { Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { issueText } from '../../../shared/forms/zod-rule.ts';
import { findProduct } from '../queries.ts';

/**
 * One product ID or handle at a time (SPEC section 5). The contract's rule refuses a list
 * before asking; the server's "not found" shows on the field, not as a toast.
 */
export function ProductSearch({ onFound, testId = 'element-search' }: { onFound: (p: ProductSummary | null) => void; testId?: string }) {
  const { t } = useTranslation();
  const [ref, setRef] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async () => {
    const check = productRefSchema.safeParse(ref);
    if (!check.success) {
      setError(issueText(check.error.issues[0]!));
      onFound(null);
      return;
    }
    setBusy(true);
    try {
      onFound(await findProduct(check.data));
      setError(null);
    } catch (e) {
      setError(isApiError(e) ? e.message : String(e));
      onFound(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form layout="vertical" onFinish={() => void search()}>
      <Form.Item
        label={t('elementSend.products.searchLabel')}
        validateStatus={error ? 'error' : undefined}
        help={error ? <span data-testid={`${testId}-error`}>{error}</span> : undefined}
        style={{ marginBottom: 8 }}
      >
        <Flex gap={8}>
          <Input
            value={ref}
            onChange={(e) => { setRef(e.target.value); setError(null); }}
            placeholder={t('elementSend.products.searchPlaceholder')}
            maxLength={300}
            data-testid={`${testId}-input`}
            onPressEnter={(e) => { e.preventDefault(); void search(); }}
          />
          <Button type="primary" loading={busy} onClick={() => void search()} data-testid={`${testId}-submit`}>
            {t('elementSend.products.search')}
          </Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}
