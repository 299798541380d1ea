import { CheckCircleFilled } from '@ant-design/icons';
import { PLATFORMS, type Platform } from '@storecast/contract';
import { Card, Col, Row, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** A custom store is connected with its details; a platform store by installing the app from its admin. */
export const AVAILABLE_PLATFORMS: readonly Platform[] = ['shopify', 'shoplazza', 'shopline', 'custom'];

export function PlatformCards({ value, onChange }: { value: Platform; onChange: (p: Platform) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Row gutter={[12, 12]}>
      {PLATFORMS.map((p) => {
        const available = AVAILABLE_PLATFORMS.includes(p);
        const selected = value === p;
        return (
          <Col xs={12} md={6} key={p}>
            <Card
              hoverable={available}
              onClick={available ? () => onChange(p) : undefined}
              style={{
                height: '100%',
                opacity: available ? 1 : 0.55,
                cursor: available ? 'pointer' : 'not-allowed',
                borderColor: selected ? token.colorPrimary : undefined,
              }}
              aria-disabled={!available}
              aria-pressed={selected}
              data-testid={`platform-card-${p}`}
            >
              <Typography.Text strong>{t(`connect.platforms.${p}`)}</Typography.Text>
              {selected && <CheckCircleFilled style={{ color: token.colorPrimary, marginInlineStart: 8 }} />}
              <div style={{ marginTop: 8 }}>
                {available ? (
                  <Typography.Text type="secondary">{p === 'custom' ? t('connect.customHint') : t('connect.installHint')}</Typography.Text>
                ) : (
                  <Tag>{t('connect.comingLater')}</Tag>
                )}
              </div>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
