import { popupContentSchema, type PopupContent } from '@storecast/contract';
import { Form, type FormInstance } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../shared/api/api-error.ts';
import { toastError } from '../../shared/api/toast.ts';
import { showFieldErrors } from '../../shared/forms/zod-rule.ts';
import { firstProblem } from './schema-rule.ts';

/**
 * One pop-up form: `collect` checks every field with the form's contract schema and hands back
 * what the server will accept (the schema's output), or null after showing why not.
 */
export function usePopupForm<S extends z.ZodType>(schema: S) {
  const { t } = useTranslation();
  const [form] = Form.useForm();

  const collect = async (): Promise<z.output<S> | null> => {
    try {
      await form.validateFields();
    } catch {
      toastError(t('popup.fixErrors'));
      return null;
    }
    // Values of fields not on screen (a page rule list switched off) are checked here too.
    const problem = firstProblem(schema, form.getFieldsValue(true));
    if (problem) {
      toastError(problem.message);
      return null;
    }
    return schema.parse(form.getFieldsValue(true));
  };

  /** A refused save: the server's field messages on the fields they name (its paths are the body's). */
  const showServerErrors = (e: unknown) => {
    if (isApiError(e) && Object.keys(e.fields).length) showFieldErrors(form, e.fields);
  };

  return { form, collect, showServerErrors };
}

/**
 * The content the preview draws: the form's content whenever it is valid, otherwise the last
 * valid one (a title being retyped does not blank the preview). The same object while nothing
 * changed, so the preview is not redrawn on every keystroke in another field.
 */
export function useLiveContent(form: FormInstance, path: readonly (string | number)[], initial: PopupContent): PopupContent {
  const values = Form.useWatch([...path], { form, preserve: true }) as unknown;
  const valid = useMemo(() => {
    const parsed = popupContentSchema.safeParse(values);
    return parsed.success ? JSON.stringify(parsed.data) : null;
  }, [values]);
  const [shown, setShown] = useState(() => JSON.stringify(initial));
  if (valid && valid !== shown) setShown(valid);
  return useMemo(() => JSON.parse(shown) as PopupContent, [shown]);
}
