-- An ended game now keeps redraw = 1 until its last picture is shown, so a restart draws an
-- ending that a Discord failure or a stop left owed. Games that ended before this are taken
-- as drawn: their flag only ever meant a move's redraw, and nothing would draw them now.
UPDATE games SET redraw = 0 WHERE status NOT IN ('lobby', 'active');
