/** What a browser without a punch-out session is told: only the procurement system can open one. */
export const SESSION_ENDED =
  'This punch-out session has ended or was never opened here. Open the catalogue again from your procurement system.';
