/*
 * How the swimlane's options and its column changes map onto a page's view state, for an incident
 * and an organization alike: one mapping, so a new option reaches both swimlanes.
 */
import type { ViewState } from '../features/settings/view-state.ts';
import type { SwimlaneOptions } from '../features/swimlane/swimlane-options.ts';

/** The swimlane's options as the view state holds them; an organization has no reply threads to inline. */
export function swimlaneOptionsOf(viewState: ViewState, replyThreads: boolean): SwimlaneOptions {
  return {
    swimlaneYAxisVisible: viewState.swimlaneYAxisVisible,
    minimapVisible: viewState.minimapVisible,
    minimapYAxisVisible: viewState.minimapYAxisVisible,
    minimapLimitedToVisibleStreams: viewState.minimapLimitedToVisibleStreams,
    swimlaneHeightLimited: viewState.swimlaneHeightLimited,
    yAxisTimeFormat: viewState.yAxisTimeFormat,
    groupSwimlaneEvents: viewState.groupSwimlaneEvents,
    secondaryTimeWindow: viewState.secondaryTimeWindow,
    inlineReplyThreadEventID: replyThreads ? viewState.inlineReplyThreadEventID : null,
    swimlaneColumnDragPositionPx: viewState.swimlaneColumnDragPositionPx,
  };
}

/** A column moved or hidden in the swimlane, as the view state's patch. */
export function columnsPatch(change: { columnOrder?: number[]; hiddenColumnIDs?: number[] }): Partial<ViewState> {
  return {
    ...(change.columnOrder ? { actorColumnOrder: change.columnOrder } : {}),
    ...(change.hiddenColumnIDs ? { hiddenActorLanes: change.hiddenColumnIDs } : {}),
  };
}
