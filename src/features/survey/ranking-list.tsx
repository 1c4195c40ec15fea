import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC section 9: the dragged card moves 25 px per arrow key press; auto-scroll starts at 20% from an edge. */
const KEYBOARD_STEP_PX = 25;
const AUTO_SCROLL_THRESHOLD = 0.2;

interface RankingListProps {
  /** The options (canonical values) in their current order, most important first. */
  order: readonly string[];
  /** The visible text of an option. */
  labelOf: (option: string) => string;
  onChange: (order: string[]) => void;
  /** The id of the text describing how to reorder. */
  describedBy: string;
}

/** Question 6: a list reordered by pointer or keyboard (@dnd-kit/sortable), moves announced. */
export function RankingList({ order, labelOf, onChange, describedBy }: RankingListProps) {
  const { t } = useTranslation('survey');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: (event, { currentCoordinates }) => {
        switch (event.code) {
          case 'ArrowDown':
            return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_STEP_PX };
          case 'ArrowUp':
            return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_STEP_PX };
          default:
            return undefined;
        }
      },
    }),
  );

  const count = order.length;
  // The card the dragged one was last announced over: no 'moved' right after 'picked up'.
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const positionOf = (id: UniqueIdentifier) => order.indexOf(String(id)) + 1;
  const announcements = useMemo<Announcements>(
    () => ({
      onDragStart: ({ active }) => {
        lastOver.current = active.id;
        return t('ranking.picked', {
          option: labelOf(String(active.id)),
          position: positionOf(active.id),
          count,
        });
      },
      onDragOver: ({ active, over }) => {
        if (!over || over.id === lastOver.current) return undefined;
        lastOver.current = over.id;
        return t('ranking.moved', {
          option: labelOf(String(active.id)),
          position: positionOf(over.id),
          count,
        });
      },
      onDragEnd: ({ active, over }) =>
        t('ranking.dropped', {
          option: labelOf(String(active.id)),
          position: positionOf(over?.id ?? active.id),
          count,
        }),
      onDragCancel: ({ active }) =>
        t('ranking.cancelled', {
          option: labelOf(String(active.id)),
          position: positionOf(active.id),
          count,
        }),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [order, labelOf, t],
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.indexOf(String(active.id));
    const to = order.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onChange(arrayMove([...order], from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      autoScroll={{ threshold: { x: 0, y: AUTO_SCROLL_THRESHOLD } }}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('questions.emotionsFocus.hint') },
      }}
    >
      <SortableContext items={[...order]} strategy={verticalListSortingStrategy}>
        <ol className="ranking" aria-describedby={describedBy}>
          {order.map((option, index) => (
            <RankingItem
              key={option}
              option={option}
              label={labelOf(option)}
              position={index + 1}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function RankingItem({
  option,
  label,
  position,
}: {
  option: string;
  label: string;
  position: number;
}) {
  const { t } = useTranslation('survey');
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: option });
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'ranking__item ranking__item--dragging' : 'ranking__item'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-option={option}
    >
      <span className="ranking__position" aria-hidden="true">
        {position}
      </span>
      <span className="ranking__label">
        <span className="visually-hidden">{t('ranking.position', { position })}: </span>
        {label}
      </span>
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="ranking__handle"
        {...attributes}
        {...listeners}
        aria-label={t('ranking.handle', { option: label })}
      >
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M7 4h2v2H7zM11 4h2v2h-2zM7 9h2v2H7zM11 9h2v2h-2zM7 14h2v2H7zM11 14h2v2h-2z"
            fill="currentColor"
          />
        </svg>
      </button>
    </li>
  );
}
