"""The baseline page's one module: a rating change by the logistic formula."""


def new_rating(rating, k, games):
    change = sum(k * (score - 1 / (1 + 10 ** ((opponent - rating) / 400))) for opponent, score in games)
    return str(rating + round(change))
