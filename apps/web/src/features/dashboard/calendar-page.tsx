import { type CalendarPlan, calendarRoutes, type HolidayView } from '@storecast/contract';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Calendar, Flex, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../shared/api/use-api-query.ts';
import { formatInZone } from '../../shared/format/format-date.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { withCalendarStrings } from './calendar/load-calendar-strings.ts';
import { PlanDrawer } from './calendar/plan-drawer.tsx';
import { DAY, newPlanValues, planValues, type PlanValues } from './calendar/plan-form.ts';

const STRENGTH_COLORS = { large: 'red', medium: 'orange', small: 'blue' } as const;

/** Today as the store's clock has it: the calendar plans the store's days, not the browser's. */
function storeToday(timeZone: string | undefined): Dayjs {
  return dayjs(formatInZone(new Date().toISOString(), timeZone).slice(0, 10));
}

/** The marketing calendar: a month of plans with the market's holidays; a holiday starts a plan. */
function CalendarMonthPage() {
  const { t } = useTranslation();
  const today = storeToday(useSessionUser().data?.timezone);
  const [month, setMonth] = useState(() => today.startOf('month'));
  const [editing, setEditing] = useState<{ plan: CalendarPlan | null; initial: PlanValues } | null>(null);
  const key = month.format('YYYY-MM');
  const plans = useApiQuery(calendarRoutes.plans, { query: { month: key } });
  const holidays = useApiQuery(calendarRoutes.holidays, { query: { month: key } });

  const holidaysOn = (day: string): HolidayView[] => holidays.data?.items.filter((h) => h.date === day) ?? [];
  const plansOn = (day: string): CalendarPlan[] => plans.data?.filter((p) => p.starts_on <= day && p.ends_on >= day) ?? [];

  const plansOf = (date: Dayjs) => {
    const day = date.format(DAY);
    if (!date.isSame(month, 'month')) return null;
    return (
      <Flex vertical gap={2} data-testid={`calendar-day-${day}`}>
        {holidaysOn(day).map((h) => (
          <Tooltip key={h.id} title={t('calendar.fromHoliday')}>
            <Tag
              color="magenta"
              style={{ cursor: 'pointer', marginInlineEnd: 0 }}
              data-testid={`holiday-${h.id}`}
              onClick={(e) => {
                e.stopPropagation();
                setEditing({ plan: null, initial: newPlanValues(date, h.name) });
              }}
            >
              {h.name}
            </Tag>
          </Tooltip>
        ))}
        {plansOn(day).map((p) => (
          <Tag
            key={p.id}
            color={STRENGTH_COLORS[p.strength]}
            style={{ cursor: 'pointer', marginInlineEnd: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
            data-testid="calendar-plan"
            onClick={(e) => {
              e.stopPropagation();
              setEditing({ plan: p, initial: planValues(p) });
            }}
          >
            {p.holiday}
          </Tag>
        ))}
      </Flex>
    );
  };

  // antd marks the browser's today and the selected value; the calendar marks the store's today
  // alone, and the value (which only says which month is shown) looks like any other day. The
  // cell leaves out antd's cell-inner class, whose frame marks the browser's today.
  const isToday = (date: Dayjs) => date.isSame(today, 'day');
  const cell = (date: Dayjs) => (
    <div
      className={`ant-picker-calendar-date${isToday(date) ? ' ant-picker-calendar-date-today' : ''}`}
      style={date.isSame(month, 'day') && !isToday(date) ? { background: 'transparent' } : undefined}
      aria-current={isToday(date) ? 'date' : undefined}
    >
      <div className="ant-picker-calendar-date-value" style={{ color: isToday(date) ? undefined : 'inherit' }}>{date.format('DD')}</div>
      <div className="ant-picker-calendar-date-content">{plansOf(date)}</div>
    </div>
  );

  return (
    <>
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>{t('calendar.title')}</Typography.Title>
        <Button type="primary" onClick={() => setEditing({ plan: null, initial: newPlanValues(today) })} data-testid="calendar-add">
          {t('calendar.addPlan')}
        </Button>
      </Flex>
      <Calendar
        value={month.isSame(today, 'month') ? today : month}
        onPanelChange={(d, mode) => mode === 'month' && setMonth(d.startOf('month'))}
        onSelect={(d, info) => {
          if (info.source === 'date') setEditing({ plan: null, initial: newPlanValues(d) });
          else setMonth(d.startOf('month'));
        }}
        fullCellRender={(d, info) => (info.type === 'date' ? cell(d) : info.originNode)}
        headerRender={() => (
          <Flex justify="flex-end" align="center" gap={8} style={{ padding: '12px 0' }}>
            <Button icon={<LeftOutlined />} onClick={() => setMonth(month.subtract(1, 'month'))} data-testid="calendar-prev" />
            <Typography.Text strong style={{ minWidth: 90, textAlign: 'center' }} data-testid="calendar-month">{month.format('YYYY-MM')}</Typography.Text>
            <Button icon={<RightOutlined />} onClick={() => setMonth(month.add(1, 'month'))} data-testid="calendar-next" />
            <Button onClick={() => setMonth(today.startOf('month'))}>{t('calendar.today')}</Button>
          </Flex>
        )}
        data-testid="calendar"
      />
      <PlanDrawer plan={editing?.plan ?? null} initial={editing?.initial ?? null} onClose={() => setEditing(null)} />
    </>
  );
}

export const CalendarPage = withCalendarStrings(CalendarMonthPage);
