import { type CalendarPlan, calendarRoutes, DISCOUNT_STRENGTHS } from '@storecast/contract';
import { Button, DatePicker, Drawer, Flex, Form, type FormRule, Input, Popconfirm, Radio } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../../shared/api/toast.ts';
import { useApiMutation } from '../../../shared/api/use-api-query.ts';
import { showFieldErrors, translateIssue } from '../../../shared/forms/zod-rule.ts';
import { checkPlan, planBody, type PlanValues } from './plan-form.ts';

interface Props {
  /** The plan edited, or null for a new one. */
  plan: CalendarPlan | null;
  initial: PlanValues | null;
  onClose: () => void;
}

/**
 * A plan of the marketing calendar: checked with the contract's schema before it is sent, so the
 * form says what the server would; a saved plan can start a Segment Send, which opens the wizard.
 */
export function PlanDrawer({ plan, initial, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<PlanValues>();
  const open = initial !== null;
  useEffect(() => {
    if (initial) form.setFieldsValue(initial);
  }, [form, initial]);

  const refresh = [calendarRoutes.plans];
  const save = useApiMutation(calendarRoutes.save, {
    invalidates: refresh,
    onSuccess: () => {
      toastSuccess(t('notices.calendar.saved'));
      onClose();
    },
  });
  const remove = useApiMutation(calendarRoutes.delete, { invalidates: refresh, onSuccess: () => onClose() });
  const startSend = useApiMutation(calendarRoutes.startSend, {
    invalidates: refresh,
    onSuccess: (data) => {
      toastSuccess(t('notices.calendar.sendCreated'));
      void navigate(`/tags/setting?id=${encodeURIComponent(data.strategy_id)}`);
    },
  });

  /**
   * Each field's rule runs the contract's schema over the whole form and shows that field's
   * message, so the range's order and every limit read as /calendar/save would say them.
   */
  const rule = (field: keyof PlanValues): FormRule => ({
    validator: async () => {
      const problem = checkPlan(form.getFieldsValue(true) as PlanValues).find((p) => p.field === field);
      if (problem) throw new Error(translateIssue(problem.message));
    },
  });

  const submit = (values: PlanValues) => {
    save.mutate(planBody(values, plan?.id), {
      onError: (err) => {
        // The server names the two days apart; the form has them as one range.
        const fields = Object.entries(err.fields).map(([k, v]) => [k === 'starts_on' || k === 'ends_on' ? 'range' : k, v]);
        showFieldErrors(form, Object.fromEntries(fields));
      },
    });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={plan ? t('calendar.editPlan') : t('calendar.addPlan')}
      size={440}
      destroyOnHidden
      data-testid="plan-drawer"
      extra={(
        <Flex gap={8}>
          {plan && (
            <Popconfirm title={t('calendar.deleteConfirm')} onConfirm={() => remove.mutate({ id: plan.id })}>
              <Button danger loading={remove.isPending} data-testid="plan-delete">{t('calendar.delete')}</Button>
            </Popconfirm>
          )}
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="plan-save">{t('calendar.save')}</Button>
        </Flex>
      )}
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={initial ?? undefined}>
        <Form.Item name="range" rules={[rule('range')]} label={t('calendar.fields.range')}>
          <DatePicker.RangePicker style={{ width: '100%' }} data-testid="plan-range" />
        </Form.Item>
        <Form.Item name="holiday" rules={[rule('holiday')]} label={t('calendar.fields.holiday')} required>
          <Input maxLength={60} data-testid="plan-holiday" />
        </Form.Item>
        <Form.Item name="purpose" rules={[rule('purpose')]} label={t('calendar.fields.purpose')}>
          <Input data-testid="plan-purpose" />
        </Form.Item>
        <Form.Item name="audience" rules={[rule('audience')]} label={t('calendar.fields.audience')}>
          <Input data-testid="plan-audience" />
        </Form.Item>
        <Form.Item name="offer" rules={[rule('offer')]} label={t('calendar.fields.offer')}>
          <Input data-testid="plan-offer" />
        </Form.Item>
        <Form.Item name="strength" label={t('calendar.fields.strength')}>
          <Radio.Group
            optionType="button"
            options={DISCOUNT_STRENGTHS.map((s) => ({ value: s, label: t(`calendar.strength.${s}`) }))}
            data-testid="plan-strength"
          />
        </Form.Item>
        <Form.Item name="remarks" rules={[rule('remarks')]} label={t('calendar.fields.remarks')}>
          <Input.TextArea rows={3} data-testid="plan-remarks" />
        </Form.Item>
      </Form>
      {plan && (
        <Button
          block
          loading={startSend.isPending}
          onClick={() => startSend.mutate({ id: plan.id })}
          data-testid="plan-start-send"
        >
          {plan.strategy_id ? t('calendar.openSend') : t('calendar.startSend')}
        </Button>
      )}
    </Drawer>
  );
}
