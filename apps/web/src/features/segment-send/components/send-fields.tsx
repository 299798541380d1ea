import { strategyBody } from '@storecast/contract';
import { Col, Form, Input, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import type { TranslationKey } from '../../../shared/i18n/translation-key.ts';
import { InputWithFields } from '../../email-editor/index.ts';

/** The labels a send kind keeps for these fields, under its own prefix. */
type FieldKey = 'name' | 'subject' | 'summary' | 'summaryHint' | 'utm' | 'utmSource' | 'utmMedium' | 'utmCampaign';

/** A prefix is accepted only when every label the fields read exists under it. */
type LabelsPrefix<P extends string> = `${P}.${FieldKey}` extends TranslationKey ? P : never;

/** The form values these fields fill. */
export interface SendFieldValues {
  name: string;
  title: string;
  summary: string;
  utm: { source: string; medium: string; campaign: string };
}

const UTM = [['source', 'utmSource'], ['medium', 'utmMedium'], ['campaign', 'utmCampaign']] as const;

interface Props<P extends string> {
  /** Where the labels are, such as `segmentSend.setting`. */
  strings: LabelsPrefix<P>;
  /** Test ids are `<prefix>-name`, `<prefix>-subject`, `<prefix>-summary`, `<prefix>-utm-source`, … */
  testIdPrefix: string;
  /** A kind's own fields after the name. */
  afterName?: ReactNode;
  /** Shown under the subject (a writing helper). */
  subjectExtra?: ReactNode;
}

/**
 * What a send says and how its links are tagged: name, subject, preview text and UTM parameters,
 * as form items of the page's form (fields `name`, `title`, `summary`, `utm`).
 */
export function SendFields<P extends string>({ strings, testIdPrefix: tid, afterName, subjectExtra }: Props<P>) {
  const { t } = useTranslation();
  // The prefix was checked against the catalogue by LabelsPrefix.
  const label = (key: FieldKey) => t(`${strings}.${key}` as TranslationKey);
  const shape = strategyBody.shape;
  return (
    <>
      <Form.Item name="name" label={label('name')} required rules={[zodRule(shape.name)]}>
        <Input maxLength={60} data-testid={`${tid}-name`} />
      </Form.Item>
      {afterName}
      <Form.Item name="title" label={label('subject')} rules={[zodRule(shape.title)]} extra={subjectExtra}>
        <InputWithFields maxLength={150} testId={`${tid}-subject`} />
      </Form.Item>
      <Form.Item name="summary" label={label('summary')} extra={label('summaryHint')}>
        <Input maxLength={200} data-testid={`${tid}-summary`} />
      </Form.Item>
      <Typography.Text strong>{label('utm')}</Typography.Text>
      <Row gutter={16} style={{ marginTop: 8 }}>
        {UTM.map(([k, key]) => (
          <Col xs={24} md={8} key={k}>
            <Form.Item name={['utm', k]} label={label(key)}>
              <Input maxLength={100} data-testid={`${tid}-utm-${k}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );
}
