"""Cards actually dealt: the round engine, the vectorized dealer, the simulator, the executors.

Independent of the exact layer's counting on purpose: the engine plays given
cards by the dealer's procedure (:mod:`.engine`, :mod:`.louisiana`), the
dealer deals shuffled cards with numpy (:mod:`.dealer`), and the simulator
checks the exact figures with them (:mod:`.simulate`), in seeded chunks on a
local pool or a Dask cluster (:mod:`.executor`). The tests make all of them
agree with the enumerator card for card.
"""
