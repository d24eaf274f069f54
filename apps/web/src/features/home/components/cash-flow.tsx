import { type CashFlow, type CashFlowWeek, paths } from '@ferry/domain';
import { Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { useHomeCashFlow } from '../api/home-api';
import type { HomeAccess } from '../utils/home-access';
import { money, shortDate, weekLabel } from '../utils/home-format';
import classes from './cash-flow.module.css';
import { HomeSection } from './home-section';

export const CASH_FLOW_TITLE = 'Cash flow, next 8 weeks';
export const CASH_FLOW_EMPTY = 'Nothing expected in or going out in the next 8 weeks.';
export const CASH_FLOW_EMPTY_HINT =
  'Open invoices by due date and payments on their way in or scheduled to go out will show here, week by week.';

const COLOURS = {
  in: 'var(--mantine-color-teal-6)',
  out: 'var(--mantine-color-orange-6)',
  net: 'var(--mantine-color-dark-5)',
  grid: 'var(--mantine-color-gray-3)',
  zero: 'var(--mantine-color-gray-5)',
};

const compact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** A round axis bound at or above `value` (1, 2, 2.5, 4, 5 or 8 × a power of ten). */
export const niceCeiling = (value: number): number => {
  if (value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 4, 5, 8, 10].find((f) => f * power >= value - 1e-9) ?? 10;
  return step * power;
};

const isEmptyFlow = (flow: CashFlow): boolean =>
  flow.overdueIn === 0 && flow.weeks.every((w) => w.expectedIn.total === 0 && w.goingOut.total === 0);

/** What a week says to a screen reader and in its tooltip: the sides the member may read. */
const weekSummary = (week: CashFlowWeek, sides: CashFlow['sides']): string =>
  [
    sides.in ? `expected in ${money(week.expectedIn.total)}` : null,
    sides.out ? `going out ${money(week.goingOut.total)}` : null,
    sides.in && sides.out ? `net ${money(week.net)}` : null,
  ]
    .filter(Boolean)
    .join(', ');

// The chart's own geometry (SVG user units; it scales with the card's width, aspect kept).
const W = 640;
const H = 200;
const PAD = { left: 56, right: 8, top: 12, bottom: 6 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;
const pct = (units: number, of: number) => `${(units / of) * 100}%`;

/**
 * The weeks as a grouped bar chart (in and out side by side, the net as a line), drawn as a small SVG
 * rather than with a charting library: home's JavaScript budget is 250 KB compressed and a library
 * would take most of what is left for one card of 8 × 2 bars. The SVG is decoration for sight; each week
 * is a focusable button naming its amounts (shown as a tooltip on hover and focus), and the table view
 * holds the same figures.
 */
const CashFlowChart = ({ flow }: { flow: CashFlow }) => {
  const [active, setActive] = useState<number | null>(null);
  const { sides, weeks } = flow;
  const showNet = sides.in && sides.out;
  const values = weeks.flatMap((w) => [
    sides.in ? w.expectedIn.total : 0,
    sides.out ? w.goingOut.total : 0,
    showNet ? w.net : 0,
  ]);
  const top = niceCeiling(Math.max(0, ...values));
  const bottom = -niceCeiling(-Math.min(0, ...values));
  const span = top - bottom || 1;
  const y = (value: number) => PAD.top + ((top - value) / span) * PLOT_H;
  const column = PLOT_W / weeks.length;
  const centre = (index: number) => PAD.left + column * index + column / 2;
  const bars = (sides.in ? 1 : 0) + (sides.out ? 1 : 0);
  const barWidth = Math.min(22, column * (bars === 2 ? 0.3 : 0.4));
  const ticks = [...new Set([top, top / 2, 0, ...(bottom < 0 ? [bottom] : [])])];

  const bar = (value: number, x: number, colour: string, key: string) => (
    <rect
      key={key}
      x={x}
      y={Math.min(y(value), y(0))}
      width={barWidth}
      height={Math.max(Math.abs(y(value) - y(0)), value === 0 ? 0 : 1)}
      rx={3}
      fill={colour}
    />
  );

  return (
    <Stack gap="xs">
      <Group gap="md" className={classes.legend} aria-hidden>
        {sides.in ? (
          <span className={classes.legendItem}>
            <span className={classes.swatch} style={{ background: COLOURS.in }} />
            Expected in
          </span>
        ) : null}
        {sides.out ? (
          <span className={classes.legendItem}>
            <span className={classes.swatch} style={{ background: COLOURS.out }} />
            Going out
          </span>
        ) : null}
        {showNet ? (
          <span className={classes.legendItem}>
            <span className={classes.netSwatch} style={{ background: COLOURS.net }} />
            Net
          </span>
        ) : null}
      </Group>
      <div className={classes.chart}>
        <svg viewBox={`0 0 ${W} ${H}`} width="100%" aria-hidden focusable="false" className={classes.svg}>
          {ticks.map((tick) => (
            <line
              key={tick}
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke={tick === 0 ? COLOURS.zero : COLOURS.grid}
              strokeDasharray={tick === 0 ? undefined : '3 4'}
            />
          ))}
          {active !== null ? (
            <rect
              x={PAD.left + column * active + 2}
              y={PAD.top}
              width={column - 4}
              height={PLOT_H}
              rx={6}
              fill="var(--mantine-color-gray-0)"
            />
          ) : null}
          {weeks.map((week, index) => {
            const start = centre(index) - (bars * barWidth + (bars - 1) * 3) / 2;
            return (
              <g key={week.start}>
                {sides.in ? bar(week.expectedIn.total, start, COLOURS.in, 'in') : null}
                {sides.out
                  ? bar(week.goingOut.total, start + (sides.in ? barWidth + 3 : 0), COLOURS.out, 'out')
                  : null}
              </g>
            );
          })}
          {showNet ? (
            <>
              <polyline
                points={weeks.map((w, i) => `${centre(i)},${y(w.net)}`).join(' ')}
                fill="none"
                stroke={COLOURS.net}
                strokeWidth={1.5}
                strokeLinejoin="round"
              />
              {weeks.map((w, i) => (
                <circle
                  key={w.start}
                  cx={centre(i)}
                  cy={y(w.net)}
                  r={i === active ? 4.5 : 3}
                  fill="white"
                  stroke={COLOURS.net}
                  strokeWidth={1.5}
                />
              ))}
            </>
          ) : null}
        </svg>
        <div className={classes.axis} style={{ width: pct(PAD.left - 8, W) }} aria-hidden>
          {ticks.map((tick) => (
            <span key={tick} className={classes.tick} style={{ top: pct(y(tick), H) }}>
              {compact.format(tick)}
            </span>
          ))}
        </div>
        <ul
          className={classes.weeks}
          style={{ left: pct(PAD.left, W), right: pct(PAD.right, W) }}
          aria-label="Weeks"
          onMouseLeave={() => setActive(null)}
        >
          {weeks.map((week, index) => {
            const summary = weekSummary(week, sides);
            const align = index < 2 ? 'start' : index >= weeks.length - 2 ? 'end' : 'centre';
            return (
              <li key={week.start} className={classes.week}>
                <button
                  type="button"
                  className={classes.hit}
                  aria-label={`Week of ${weekLabel(week)}: ${summary}`}
                  onMouseEnter={() => setActive(index)}
                  onFocus={() => setActive(index)}
                  onBlur={() => setActive((current) => (current === index ? null : current))}
                  onKeyDown={(event) => {
                    if (event.key === 'Escape') setActive(null);
                  }}
                />
                {active === index ? (
                  <div className={classes.tooltip} data-align={align} aria-hidden>
                    <Text size="xs" fw={700}>
                      {weekLabel(week)}
                    </Text>
                    {sides.in ? (
                      <Text size="xs">
                        Expected in: {money(week.expectedIn.total)}
                        {week.expectedIn.incomingPayments > 0
                          ? ` (${money(week.expectedIn.invoices)} invoices, ${money(week.expectedIn.incomingPayments)} on its way)`
                          : ''}
                      </Text>
                    ) : null}
                    {sides.out ? <Text size="xs">Going out: {money(week.goingOut.total)}</Text> : null}
                    {showNet ? (
                      <Text size="xs" fw={600}>
                        Net: {money(week.net)}
                      </Text>
                    ) : null}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
      <div
        className={classes.labels}
        style={{ paddingLeft: pct(PAD.left, W), paddingRight: pct(PAD.right, W) }}
      >
        {weeks.map((week) => (
          <Text key={week.start} size="xs" c="dimmed" ta="center" aria-hidden>
            {shortDate(week.start)}
          </Text>
        ))}
      </div>
    </Stack>
  );
};

/**
 * The same figures as a table (`cash-flow-table.tsx`), loaded when asked for: Mantine's Table brings its
 * scroll area and floating-ui (about 20 KB) that the rest of the home does not need.
 */
const CashFlowTable = lazy(() => import('./cash-flow-table').then((m) => ({ default: m.CashFlowTable })));

/**
 * "Cash flow, next 8 weeks" (issue 19, "Beyond the anchors"): per week, money expected in (open invoices
 * by due date, customers' payments on their way) and going out (payments not yet sent), with the net and,
 * apart, what customers already owe past the due date. Each side only for a member who may read it.
 */
export const CashFlowCard = ({ businessId, access }: { businessId: string; access: HomeAccess }) => {
  const enabled = access.canReadDueInvoices || access.canReadPayments;
  const query = useHomeCashFlow(businessId, enabled);
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  if (!enabled) return null;
  const flow = query.data;

  let body: ReactNode;
  if (query.isError) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else if (!flow) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label="Loading cash flow">
        <Skeleton height={14} width="40%" />
        <Skeleton height={180} radius="md" />
      </Stack>
    );
  } else if (isEmptyFlow(flow)) {
    body = (
      <Stack gap={4} py="md" ta="center" align="center">
        <Text fw={600}>{CASH_FLOW_EMPTY}</Text>
        <Text size="sm" c="dimmed" maw={460}>
          {CASH_FLOW_EMPTY_HINT}
        </Text>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="sm">
          {flow.sides.in ? (
            <Text size="sm" c={flow.overdueIn > 0 ? 'red.8' : 'dimmed'}>
              Overdue invoices (not in the weeks):{' '}
              <Text component="span" fw={700} inherit>
                {money(flow.overdueIn)}
              </Text>
              {flow.overdueIn > 0 ? (
                <>
                  {' · '}
                  <Anchor component={Link} to={paths.invoices(businessId)} size="sm" fw={600}>
                    View invoices
                  </Anchor>
                </>
              ) : null}
            </Text>
          ) : (
            <span />
          )}
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={
              asTable ? <IconChartBar size={16} aria-hidden /> : <IconTable size={16} aria-hidden />
            }
            aria-controls={asTable ? tableId : undefined}
            onClick={() => setAsTable((value) => !value)}
          >
            {asTable ? 'View as chart' : 'View as table'}
          </Button>
        </Group>
        {asTable ? (
          <Suspense fallback={<Skeleton h={240} radius="md" />}>
            <CashFlowTable flow={flow} id={tableId} />
          </Suspense>
        ) : (
          <CashFlowChart flow={flow} />
        )}
      </Stack>
    );
  }

  return (
    <HomeSection id="home-cash-flow-title" title={CASH_FLOW_TITLE}>
      {body}
    </HomeSection>
  );
};
