/**
 * The mechanics every state machine shares, so each machine's file holds only its data (its
 * states, its transitions, its labels) and no machine checks an edge its own way.
 *
 * Two shapes of table:
 * - an action table (defineStateMachine): named actions, each with the states it leaves from, the
 *   state it leads to and who takes it (bundles, contracts, reservations, invoices);
 * - an adjacency table (defineStateGraph): for each state, the states it may move to, where the
 *   move has no name of its own (payment orders, payment refunds). A graph is an action table
 *   whose actions are named by their target state.
 */

/** One edge of an action table. `by` says who takes it; a table may carry more (a journal kind). */
export interface Transition<State extends string = string, Actor extends string = string> {
  readonly from: readonly State[];
  readonly to: State;
  readonly by?: Actor;
}

/** A move the machine does not allow. `message` is the machine's refusal, shown as is where it is a person's. */
export class StateTransitionError<State extends string = string, Action extends string = string> extends Error {
  constructor(
    readonly machine: string,
    readonly state: State,
    readonly action: Action,
    message: string,
  ) {
    super(message);
    this.name = "StateTransitionError";
  }
}

type Edge<Table> = Table[keyof Table];
/** Every state a table names, as a source or as a target. */
export type StateOf<Table extends Record<string, Transition>> = Edge<Table>["from"][number] | Edge<Table>["to"];
export type ActionOf<Table extends Record<string, Transition>> = keyof Table & string;
export type ActorOf<Table extends Record<string, Transition>> = Exclude<Edge<Table>["by"], undefined>;

export interface StateMachineOptions<State extends string, Action extends string> {
  /** What a refused move says; by default an English line for logs, e.g. `bundle in state "frozen" cannot freeze`. */
  refusal?: (state: State, action: Action) => string;
}

/**
 * A machine over `transitions`. Its `Error` is the machine's own StateTransitionError subclass,
 * so a caller that catches one machine's refusals (`instanceof`) never swallows another's.
 */
export function defineStateMachine<const Table extends Record<string, Transition>>(
  name: string,
  transitions: Table,
  options: StateMachineOptions<StateOf<Table>, ActionOf<Table>> = {},
) {
  type State = StateOf<Table>;
  type Action = ActionOf<Table>;
  const refusal = options.refusal ?? ((state: State, action: Action) => `${name} in state "${state}" cannot ${action}`);
  const actions = Object.keys(transitions) as Action[];

  class MachineStateError extends StateTransitionError<State, Action> {
    constructor(state: State, action: Action) {
      super(name, state, action, refusal(state, action));
    }
  }

  const can = (state: State, action: Action): boolean => (transitions[action].from as readonly State[]).includes(state);

  /** The edge `action` takes from `state`; throws the machine's Error when there is none. */
  function edge<A extends Action>(state: State, action: A): Table[A] {
    if (!can(state, action)) throw new MachineStateError(state, action);
    return transitions[action];
  }

  return {
    name,
    transitions,
    Error: MachineStateError,
    can,
    edge,
    /** The state `action` leads to from `state`; throws the machine's Error when there is no such edge. */
    next: (state: State, action: Action): State => edge(state, action).to as State,
    /** The actions open from `state`, in table order; only those taken `by` one actor when given. */
    actionsFrom: (state: State, by?: ActorOf<Table>): Action[] => actions.filter((action) => can(state, action) && (by === undefined || transitions[action].by === by)),
    /** Whether nothing leaves `state`. */
    isFinal: (state: State): boolean => !actions.some((action) => can(state, action)),
  };
}

/** A machine over an adjacency table: `can(from, to)`, `next(from, to)` (throws when illegal), `isFinal(state)`. */
export function defineStateGraph<State extends string>(name: string, moves: Readonly<Record<State, readonly State[]>>) {
  const states = Object.keys(moves) as State[];
  const asActions = {} as Record<State, Transition<State>>;
  for (const to of states) asActions[to] = { from: states.filter((from) => moves[from].includes(to)), to };
  const machine = defineStateMachine(name, asActions, { refusal: (from, to) => `${name} cannot move from ${from} to ${to}` });
  return {
    name,
    moves,
    Error: machine.Error,
    can: (from: State, to: State): boolean => machine.can(from, to),
    next: (from: State, to: State): State => machine.next(from, to),
    isFinal: (state: State): boolean => moves[state].length === 0,
  };
}
