import type { CashFlow } from '@ferry/domain';
import { Table } from '@mantine/core';
import { money, weekLabel } from '../utils/home-format';
import classes from './cash-flow.module.css';

/** The same figures as the chart, one row a week. */
export const CashFlowTable = ({ flow, id }: { flow: CashFlow; id: string }) => {
  const { sides } = flow;
  const showNet = sides.in && sides.out;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table id={id} striped highlightOnHover fz="sm" captionSide="top">
        <caption className={classes.caption}>Cash flow by week (Monday to Sunday)</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Week</Table.Th>
            {sides.in ? (
              <>
                <Table.Th scope="col" ta="right">
                  Invoices due
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Payments on their way in
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Expected in
                </Table.Th>
              </>
            ) : null}
            {sides.out ? (
              <Table.Th scope="col" ta="right">
                Going out
              </Table.Th>
            ) : null}
            {showNet ? (
              <Table.Th scope="col" ta="right">
                Net
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {flow.weeks.map((week) => (
            <Table.Tr key={week.start}>
              <Table.Th scope="row" fw={500}>
                {weekLabel(week)}
              </Table.Th>
              {sides.in ? (
                <>
                  <Table.Td ta="right">{money(week.expectedIn.invoices)}</Table.Td>
                  <Table.Td ta="right">{money(week.expectedIn.incomingPayments)}</Table.Td>
                  <Table.Td ta="right">{money(week.expectedIn.total)}</Table.Td>
                </>
              ) : null}
              {sides.out ? <Table.Td ta="right">{money(week.goingOut.scheduledPayments)}</Table.Td> : null}
              {showNet ? (
                <Table.Td ta="right" fw={600}>
                  {money(week.net)}
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
