import { formatMoney, type ProductSummary } from '@storecast/contract';
import { Flex, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A product as the wizard shows it: image, title, price in the store's currency, id and handle. */
export function ProductCard({ product, size = 64 }: { product: ProductSummary; size?: number }) {
  const { t } = useTranslation();
  return (
    <Flex gap={12} align="center" data-testid="element-product" data-product-id={product.id} style={{ minWidth: 0 }}>
      {product.image
        ? <Image src={product.image} width={size} height={size} preview={false} style={{ objectFit: 'cover', borderRadius: 4 }} alt="" />
        : <div style={{ width: size, height: size, background: '#f0f0f0', borderRadius: 4, flex: 'none' }} />}
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis data-testid="element-product-title">{product.title}</Typography.Text>
        <Typography.Text data-testid="element-product-price">{formatMoney(product.price, product.currency)}</Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {t('elementSend.products.id', { id: product.id })}
          {product.handle ? ` · ${t('elementSend.products.handle', { handle: product.handle })}` : ''}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
