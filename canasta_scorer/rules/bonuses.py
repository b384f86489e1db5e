"""Every bonus and penalty of the game, in points, in one place.

Card points are in `cards` (rules §1.1) and initial meld minimums in `ruleset`
(§1.7); everything a hand scores on top of its cards is here.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ALL_FOUR_RED_THREES",
    "CONCEALED_BONUS",
    "GOING_OUT_BONUS",
    "MIXED_CANASTA_BONUS",
    "NATURAL_CANASTA_BONUS",
    "RED_THREE_BONUS",
    "RED_THREE_BONUS_THREE_PACKS_FROM_FIVE",
    "RED_THREE_IN_HAND_PENALTY",
    "RED_THREE_PENALTY_CAP",
    "WILD_CANASTA_BONUS",
    "WILD_MELD_PENALTY",
]

#: A natural canasta (no wild card) and a mixed one (rules §1.4; S0 Canastas).
NATURAL_CANASTA_BONUS: Final = 500
MIXED_CANASTA_BONUS: Final = 300
#: A wild canasta, seven wild cards, under H5 (rules §3; S2 House rules).
WILD_CANASTA_BONUS: Final = 2000
#: An unfinished wild meld at the end of the hand under H5's penalty (rules §3).
WILD_MELD_PENALTY: Final = 1000
#: Going out, and going out concealed in all (rules §1.9; S0 Classic Canasta Scoring).
GOING_OUT_BONUS: Final = 100
CONCEALED_BONUS: Final = 200
#: Each red three; all four with two packs (rules §1.6; S0 Classic Canasta Scoring).
RED_THREE_BONUS: Final = 100
ALL_FOUR_RED_THREES: Final = 800
#: Each red three with three packs when a side has five or more (rules §2, R1).
RED_THREE_BONUS_THREE_PACKS_FROM_FIVE: Final = 200
#: Most a side that never melded loses for its red threes under C07 (rules §3).
RED_THREE_PENALTY_CAP: Final = 400
#: A red three left in hand under O8 (rules §1.6, R5, R7).
RED_THREE_IN_HAND_PENALTY: Final = 500
