import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SOCIAL_TYPES } from '@storecast/contract';
import { Button, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateIssue, zodRule } from '../../shared/forms/zod-rule.ts';
import { repeatedSocialType, styleFieldRules } from './style-rules.ts';

/**
 * Social links as a list of type + link rows. A type already used by another row is disabled
 * in the others' pickers, and the list itself refuses repeats (SPEC: types must not repeat).
 */
export function SocialLinksField() {
  const { t } = useTranslation();
  const links = Form.useWatch<{ type?: string }[] | undefined>('social_links');
  return (
    <Form.List
      name="social_links"
      rules={[{
        validator: async (_r, value: { type?: string }[] | undefined) => {
          const problem = repeatedSocialType(value);
          if (problem) throw new Error(translateIssue(problem));
        },
      }]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field, i) => (
            <Flex key={field.key} gap={8} align="start" data-testid="style-social-row">
              <Form.Item name={[field.name, 'type']} rules={[zodRule(styleFieldRules.socialType)]} style={{ width: 160, marginBottom: 12 }}>
                <Select
                  placeholder={t('brand.style.socialType')}
                  data-testid={`style-social-type-${i}`}
                  options={SOCIAL_TYPES.map((type) => ({
                    value: type,
                    label: t(`brand.social.${type}`),
                    disabled: links?.some((l, j) => j !== i && l?.type === type),
                  }))}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'url']} rules={[zodRule(styleFieldRules.socialUrl)]} style={{ flex: 1, marginBottom: 12 }}>
                <Input placeholder="https://" data-testid={`style-social-url-${i}`} />
              </Form.Item>
              <Button icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={t('brand.delete')} data-testid={`style-social-remove-${i}`} />
            </Flex>
          ))}
          <Form.ErrorList errors={errors} />
          {fields.length < SOCIAL_TYPES.length && (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ url: '' })} data-testid="style-social-add">
              {t('brand.style.addSocial')}
            </Button>
          )}
        </>
      )}
    </Form.List>
  );
}
