"""Surveys on a Dask cluster give the same rows as local ones (a LocalCluster
with two worker processes stands in for a real cluster)."""

import pytest

import sprague

from dask import distributed  # installed by scripts/test-python.sh


def without_times(rows):
    return [{k: v for k, v in row.items() if k != "seconds"} for row in rows]


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


def test_a_survey_on_the_cluster_equals_the_local_survey(client):
    patterns = ["0.1?", "0.07", "0.137", "0.4?"]
    local = sprague.survey(patterns, budget=4096, seconds=5)
    remote = sprague.survey(patterns, budget=4096, seconds=5, client=client)
    assert without_times(remote) == without_times(local)
    rows = {row["code"]: row for row in remote}
    assert rows["0.07"]["group"] == "0.137" and rows["0.07"]["shift"] == 1
    # Both workers took part.
    assert len(client.scheduler_info()["workers"]) == 2


def test_damaged_parts_are_refused():
    part = sprague._native.survey_part("0.07", 4096, 5.0)
    with pytest.raises(sprague.InvalidInput):
        sprague._native.survey_assemble([part[:-3]])
