import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { PolicyView } from '@ferry/domain';
import { Stack } from '@mantine/core';
import { PolicyCard } from './policy-card';

export type SortablePolicyListProps = {
  businessId: string;
  /** The non-default policies, highest priority first. */
  policies: readonly PolicyView[];
  canManage: boolean;
  isSaving: boolean;
  /** The new order: every policy's id, highest priority first. */
  onReorder: (policyIds: string[]) => void;
  onDelete: (policy: PolicyView) => void;
};

const SortablePolicy = ({
  businessId,
  policy,
  index,
  count,
  isSaving,
  move,
  onDelete,
}: {
  businessId: string;
  policy: PolicyView;
  index: number;
  count: number;
  isSaving: boolean;
  move: (from: number, to: number) => void;
  onDelete: (policy: PolicyView) => void;
}) => {
  const sortable = useSortable({ id: policy.id, disabled: isSaving });
  const transform = sortable.transform;
  return (
    <PolicyCard
      businessId={businessId}
      policy={policy}
      priority={index + 1}
      canManage
      containerRef={sortable.setNodeRef}
      isDragging={sortable.isDragging}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition: sortable.transition,
      }}
      reorder={{
        isFirst: index === 0,
        isLast: index === count - 1,
        disabled: isSaving,
        onMoveUp: () => move(index, index - 1),
        onMoveDown: () => move(index, index + 1),
        handle: {
          ref: sortable.setActivatorNodeRef,
          attributes: sortable.attributes,
          listeners: sortable.listeners,
        },
      }}
      onDelete={onDelete}
    />
  );
};

/**
 * The policies in priority order, reordered by dragging a card's handle (pointer, or Space and the arrow
 * keys) or with its Move up / Move down buttons; each change is one order call (spec 001 §4).
 */
export const SortablePolicyList = ({
  businessId,
  policies,
  canManage,
  isSaving,
  onReorder,
  onDelete,
}: SortablePolicyListProps) => {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = policies.map((policy) => policy.id);
  const nameOf = (id: string | number) => policies.find((policy) => policy.id === id)?.name ?? '';
  const positionOf = (id: string | number) => ids.indexOf(String(id)) + 1;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    onReorder(arrayMove(ids, from, to));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, priority ${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} moved to priority ${positionOf(over.id)}.`
        : `${nameOf(active.id)} is not over a place.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at priority ${positionOf(over.id)}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Reordering cancelled: ${nameOf(active.id)} stays where it was.`,
  };

  if (!canManage) {
    return (
      <Stack gap="md">
        {policies.map((policy, index) => (
          <PolicyCard
            key={policy.id}
            businessId={businessId}
            policy={policy}
            priority={index + 1}
            canManage={false}
          />
        ))}
      </Stack>
    );
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To pick up a policy, press Space or Enter. Use the up and down arrow keys to change its priority, Space or Enter to drop it, Escape to cancel.',
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack gap="md">
          {policies.map((policy, index) => (
            <SortablePolicy
              key={policy.id}
              businessId={businessId}
              policy={policy}
              index={index}
              count={policies.length}
              isSaving={isSaving}
              move={move}
              onDelete={onDelete}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
};
