import { defineComponent, h, type PropType, type Slots, type VNodeChild } from 'vue'
import type { VirtualColumn } from '@renderer/model/virtual-columns'

/**
 * One row's cells for VirtualList, as a component of their own, so that they
 * are drawn again only when the row's record or the columns change. Rows put
 * in front of a list move every row below them (a new position, a new row
 * number), and with the cells drawn inline every such arrival drew every row
 * in view again: at 100 pushed proofs a second that kept the page's thread
 * 70% busy. The cells come from the list's `cell-<column>` slots, called
 * here, so whatever a cell reads is tracked by this row alone.
 */
export default defineComponent({
  name: 'VirtualRowCells',
  props: {
    item: { type: null as unknown as PropType<unknown>, required: true },
    columns: { type: Array as PropType<readonly VirtualColumn[]>, required: true },
    /** The list's own slots object: the same object for the list's life, so passing it never redraws a row. */
    cells: { type: Object as PropType<Slots>, required: true },
  },
  setup(props) {
    return (): VNodeChild =>
      props.columns.map((column) =>
        h(
          'div',
          { key: column.key, role: 'gridcell', class: ['cell', column.align, { 'wide-col': column.wideOnly }] },
          props.cells[`cell-${column.key}`]?.({ item: props.item }),
        ),
      )
  },
})
